package loadline

import (
	"os"
	"path/filepath"
	"strings"
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
	if _, err := file.row(3); err == nil {
		t.Fatal("row 3 of 3 answered")
	}
	if _, err := file.row(-1); err == nil {
		t.Fatal("row -1 answered")
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
