package loadline

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"sync"

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
	modules.Register("k6/x/loadline-data", &dataModule{files: map[string]*dataFile{}})
}

// dataModule is shared by all VUs of the process: it holds each file once.
type dataModule struct {
	mu    sync.Mutex
	files map[string]*dataFile
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
	return modules.Exports{Named: map[string]any{"open": i.open}}
}

// open(path) answers { columns, length, row(i) } for the data file at path (read on the
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
	if err := set.Set("row", file.row); err != nil {
		return nil, err
	}
	return set, nil
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

// row(i) is row i's line without its newline and trailing comma: a JSON array of strings.
func (f *dataFile) row(index int) (string, error) {
	if index < 0 || index >= f.length() {
		return "", fmt.Errorf("loadline-data: row %d of %d", index, f.length())
	}
	start, end := int(f.starts[index]), int(f.starts[index+1])-1
	if end > len(f.content) {
		end = len(f.content)
	}
	for end > start && (f.content[end-1] == '\n' || f.content[end-1] == ',' || f.content[end-1] == '\r') {
		end--
	}
	return string(f.content[start:end]), nil
}
