package loadline

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"sync"
	"sync/atomic"

	"github.com/grafana/sobek"

	"go.k6.io/k6/js/modules"
)

// The k6/x/loadline-data module: a data set's rows, read once per k6 process and shared by
// every VU. The generated scripts read a plan's data sets through it because k6's own ways
// cost several copies of a file: open() keeps the file's bytes in its file cache, copies them
// into a JS string and a SharedArray keeps one more string per row. For a million rows
// (49 MB of file) that was about 350 MB of k6 memory; here it is the file's bytes, mapped
// read-only outside Go's heap (so the garbage collector's headroom does not double them), plus
// one offset per row.
//
// The file is a Loadline data file (packages/shared/src/data-slices.ts): a head line
// {"set":...,"version":...,"columns":[...],"rows":[, then one JSON array per line (ASCII only,
// a comma after every row but the last), then "]}". A row is handed to the script as its
// line's text; the script parses the one it picks.
func init() { //nolint:gochecknoinits // how k6 extensions register
	modules.Register("k6/x/loadline-data", &dataModule{files: map[string]*dataFile{}, counters: map[string]*atomic.Int64{}})
}

// dataModule is shared by all VUs of the process: it holds each file once, and the counters
// that hand out row numbers.
type dataModule struct {
	mu       sync.Mutex
	files    map[string]*dataFile
	counters map[string]*atomic.Int64
}

type dataInstance struct {
	root *dataModule
	vu   modules.VU
}

// dataFile is one data file in memory: its bytes and where each row's line starts.
type dataFile struct {
	once    sync.Once
	err     error
	columns []string
	content []byte
	// starts[i] is where row i's line starts; starts[n] is one past the last row's line.
	starts []uint32
}

func (m *dataModule) NewModuleInstance(vu modules.VU) modules.Instance {
	return &dataInstance{root: m, vu: vu}
}

func (i *dataInstance) Exports() modules.Exports {
	return modules.Exports{Named: map[string]any{"open": i.open, "counter": i.counter}}
}

// counter(name) answers { next() }: next() is 0, 1, 2, ... across every VU of the process, for
// each name. Scripts number the rows they take with it: k6/execution's
// exec.scenario.iterationInInstance does the same but builds the scenario's whole state on
// every read (about 6 us, a tenth of a plain GET's cost in k6), where this is an atomic add.
func (i *dataInstance) counter(name string) (*sobek.Object, error) {
	count := i.root.counterNamed(name)
	rt := i.vu.Runtime()
	object := rt.NewObject()
	// Native functions (sobek.FunctionCall), not reflected ones: they run on every iteration,
	// and sobek's reflection wrapper costs more than the work.
	next := func(sobek.FunctionCall) sobek.Value { return rt.ToValue(count.Add(1) - 1) }
	if err := object.Set("next", next); err != nil {
		return nil, err
	}
	return object, nil
}

// open(path) answers { columns, length, row(i), cell(i, c) } for the data file at path (read on the
// first call in the process; later calls, from any VU, share it).
func (i *dataInstance) open(path string) (*sobek.Object, error) {
	i.root.mu.Lock()
	file, ok := i.root.files[path]
	if !ok {
		file = &dataFile{}
		i.root.files[path] = file
	}
	i.root.mu.Unlock()
	file.once.Do(func() { file.err = file.load(path) })
	if file.err != nil {
		return nil, file.err
	}
	rt := i.vu.Runtime()
	set := rt.NewObject()
	columns := make([]any, len(file.columns))
	for index, column := range file.columns {
		columns[index] = column
	}
	if err := set.Set("columns", rt.NewArray(columns...)); err != nil {
		return nil, err
	}
	if err := set.Set("length", file.length()); err != nil {
		return nil, err
	}
	if err := set.Set("row", func(call sobek.FunctionCall) sobek.Value {
		line, err := file.row(int(call.Argument(0).ToInteger()))
		if err != nil {
			panic(rt.NewGoError(err))
		}
		return rt.ToValue(line)
	}); err != nil {
		return nil, err
	}
	// Native (see counter): cell runs once per reference per request.
	if err := set.Set("cell", func(call sobek.FunctionCall) sobek.Value {
		value, err := file.cell(int(call.Argument(0).ToInteger()), int(call.Argument(1).ToInteger()))
		if err != nil {
			panic(rt.NewGoError(err))
		}
		return rt.ToValue(value)
	}); err != nil {
		return nil, err
	}
	return set, nil
}

// counterNamed is the process's counter of that name, made on first use.
func (m *dataModule) counterNamed(name string) *atomic.Int64 {
	m.mu.Lock()
	defer m.mu.Unlock()
	count, ok := m.counters[name]
	if !ok {
		count = &atomic.Int64{}
		m.counters[name] = count
	}
	return count
}

func (f *dataFile) load(path string) error {
	content, err := mapFile(path)
	if err != nil {
		return fmt.Errorf("loadline-data: reading %s: %w", path, err)
	}
	if len(content) > math.MaxUint32 {
		return fmt.Errorf("loadline-data: %s is %d bytes, over the 4 GiB a data file may have", path, len(content))
	}
	headEnd := bytes.IndexByte(content, '\n')
	if headEnd < 0 {
		return fmt.Errorf("loadline-data: %s has no head line", path)
	}
	var head struct {
		Columns []string `json:"columns"`
	}
	// The head line ends with `"rows":[`; closing it makes it a JSON object.
	if err := json.Unmarshal(append(append([]byte{}, content[:headEnd]...), ']', '}'), &head); err != nil {
		return fmt.Errorf("loadline-data: %s: the head line is not a data file's: %w", path, err)
	}
	f.columns = head.Columns
	f.content = content
	f.starts = rowStarts(content, headEnd+1)
	return nil
}

// rowStarts finds each row's line (one that starts with '[') after the head line, and ends the
// list with one past the last row line's newline.
func rowStarts(content []byte, from int) []uint32 {
	starts := make([]uint32, 0, bytes.Count(content[from:], []byte("\n"))+1)
	end := from
	for at := from; at < len(content); {
		next := bytes.IndexByte(content[at:], '\n')
		lineEnd := len(content)
		if next >= 0 {
			lineEnd = at + next
		}
		if content[at] == '[' {
			starts = append(starts, uint32(at))
			end = lineEnd + 1
		}
		at = lineEnd + 1
	}
	return append(starts, uint32(end))
}

func (f *dataFile) length() int { return len(f.starts) - 1 }

// line is row i's line without its newline and trailing comma: a JSON array of strings.
func (f *dataFile) line(index int) ([]byte, error) {
	if index < 0 || index >= f.length() {
		return nil, fmt.Errorf("loadline-data: row %d of %d", index, f.length())
	}
	start, end := int(f.starts[index]), int(f.starts[index+1])-1
	if end > len(f.content) {
		end = len(f.content)
	}
	for end > start && (f.content[end-1] == '\n' || f.content[end-1] == ',' || f.content[end-1] == '\r') {
		end--
	}
	return f.content[start:end], nil
}

// row(i) is row i's line, as JSON text.
func (f *dataFile) row(index int) (string, error) {
	line, err := f.line(index)
	return string(line), err
}

// cell(i, c) is column c of row i, read straight from the line: the generated scripts take
// one cell per reference, and a JSON.parse of the row in JS cost them more than the request
// itself was worth in a few percent of throughput.
func (f *dataFile) cell(index, column int) (string, error) {
	line, err := f.line(index)
	if err != nil {
		return "", err
	}
	if len(line) < 2 || line[0] != '[' {
		return "", fmt.Errorf("loadline-data: row %d is not a JSON array", index)
	}
	at := 1
	for current := 0; ; current++ {
		for at < len(line) && (line[at] == ' ' || line[at] == '\t') {
			at++
		}
		if at >= len(line) || line[at] != '"' {
			// The row has fewer cells (a JSON set's missing key is written as ""; this is not expected).
			return "", nil
		}
		end, escaped := stringEnd(line, at)
		if end < 0 {
			return "", fmt.Errorf("loadline-data: row %d has an unterminated string", index)
		}
		if current == column {
			if !escaped {
				return string(line[at+1 : end]), nil
			}
			var value string
			if err := json.Unmarshal(line[at:end+1], &value); err != nil {
				return "", fmt.Errorf("loadline-data: row %d, cell %d: %w", index, column, err)
			}
			return value, nil
		}
		at = end + 1
		for at < len(line) && line[at] != ',' && line[at] != ']' {
			at++
		}
		if at >= len(line) || line[at] == ']' {
			return "", nil
		}
		at++
	}
}

// stringEnd is where the JSON string starting at from (its opening quote) closes, and whether
// it has escapes; -1 when it does not close.
func stringEnd(line []byte, from int) (int, bool) {
	escaped := false
	for at := from + 1; at < len(line); at++ {
		switch line[at] {
		case '\\':
			escaped = true
			at++
		case '"':
			return at, escaped
		}
	}
	return -1, escaped
}
