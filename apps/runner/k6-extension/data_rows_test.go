package loadline

import (
	"os"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
)

func writeDataFile(t *testing.T, text string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "users.data.json")
	if err := os.WriteFile(path, []byte(text), 0o600); err != nil {
		t.Fatal(err)
	}
	return path
}

func TestDataFileRowsAsTheirLines(t *testing.T) {
	// As data-slices.ts writes it: head, rows with a comma after all but the last, tail.
	path := writeDataFile(t, `{"set":"users","version":3,"columns":["id","token"],"rows":[`+"\n"+
		`["u1","t,1"],`+"\n"+`["u2","caf\u00e9"],`+"\n"+`["u3",""]`+"\n"+"]}\n")
	file := &dataFile{}
	if err := file.load(path); err != nil {
		t.Fatal(err)
	}
	if strings.Join(file.columns, "|") != "id|token" {
		t.Fatalf("columns %v", file.columns)
	}
	if file.length() != 3 {
		t.Fatalf("length %d, want 3", file.length())
	}
	want := []string{`["u1","t,1"]`, `["u2","caf\u00e9"]`, `["u3",""]`}
	for i, line := range want {
		got, err := file.row(i)
		if err != nil || got != line {
			t.Fatalf("row %d = %q (%v), want %q", i, got, err, line)
		}
	}
	cells := [][]string{{"u1", "t,1"}, {"u2", "caf\u00e9"}, {"u3", ""}}
	for i, row := range cells {
		for c, want := range row {
			got, err := file.cell(i, c)
			if err != nil || got != want {
				t.Fatalf("cell(%d, %d) = %q (%v), want %q", i, c, got, err, want)
			}
		}
	}
	if _, err := file.cell(3, 0); err == nil {
		t.Fatal("cell of row 3 of 3 answered")
	}
	if _, err := file.row(3); err == nil {
		t.Fatal("row 3 of 3 answered")
	}
	if _, err := file.row(-1); err == nil {
		t.Fatal("row -1 answered")
	}
}

func TestDataFileCellsWithEscapes(t *testing.T) {
	// As JSON.stringify writes them, beyond-ASCII as \u escapes (data-slices.ts).
	path := writeDataFile(t, `{"set":"s","version":1,"columns":["a","b","c"],"rows":[`+"\n"+
		`["say \"hi\"","back\\slash","line\nbreak"],`+"\n"+`["\u00e9t\u00e9","[not, a] cell","x"]`+"\n"+"]}\n")
	file := &dataFile{}
	if err := file.load(path); err != nil {
		t.Fatal(err)
	}
	want := [][]string{{`say "hi"`, `back\slash`, "line\nbreak"}, {"été", "[not, a] cell", "x"}}
	for i, row := range want {
		for c, cell := range row {
			got, err := file.cell(i, c)
			if err != nil || got != cell {
				t.Fatalf("cell(%d, %d) = %q (%v), want %q", i, c, got, err, cell)
			}
		}
	}
}

func TestDataFileWithoutRowsOrHead(t *testing.T) {
	empty := &dataFile{}
	if err := empty.load(writeDataFile(t, `{"set":"s","version":1,"columns":["a"],"rows":[`+"\n]}\n")); err != nil {
		t.Fatal(err)
	}
	if empty.length() != 0 {
		t.Fatalf("length %d, want 0", empty.length())
	}
	if err := (&dataFile{}).load(writeDataFile(t, "not a data file")); err == nil {
		t.Fatal("a file without a head line was read")
	}
	if err := (&dataFile{}).load(filepath.Join(t.TempDir(), "missing")); err == nil {
		t.Fatal("a missing file was read")
	}
}

func TestDataFileManyRows(t *testing.T) {
	var text strings.Builder
	text.WriteString(`{"set":"s","version":1,"columns":["n"],"rows":[` + "\n")
	for i := 0; i < 10000; i++ {
		text.WriteString(`["` + strings.Repeat("x", i%7) + `"]`)
		if i < 9999 {
			text.WriteString(",")
		}
		text.WriteString("\n")
	}
	text.WriteString("]}\n")
	file := &dataFile{}
	if err := file.load(writeDataFile(t, text.String())); err != nil {
		t.Fatal(err)
	}
	if file.length() != 10000 {
		t.Fatalf("length %d", file.length())
	}
	for _, i := range []int{0, 1, 4999, 9999} {
		got, _ := file.row(i)
		if want := `["` + strings.Repeat("x", i%7) + `"]`; got != want {
			t.Fatalf("row %d = %q, want %q", i, got, want)
		}
	}
}

func TestCountersNumberFromZeroPerNameAcrossCallers(t *testing.T) {
	module := &dataModule{files: map[string]*dataFile{}, counters: map[string]*atomic.Int64{}}
	var wg sync.WaitGroup
	seen := make([]atomic.Int32, 4000)
	for worker := 0; worker < 8; worker++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			// Each worker asks for the counter by name, as each VU does in its init context.
			count := module.counterNamed("users/s0")
			for i := 0; i < 500; i++ {
				seen[count.Add(1)-1].Add(1)
			}
		}()
	}
	wg.Wait()
	for n := range seen {
		if seen[n].Load() != 1 {
			t.Fatalf("number %d handed out %d times", n, seen[n].Load())
		}
	}
	if other := module.counterNamed("users/s1").Add(1) - 1; other != 0 {
		t.Fatalf("another name starts at %d, want 0", other)
	}
}
