package loadline

import (
	"encoding/json"
	"strings"
	"testing"
)

func TestStringEscaping(t *testing.T) {
	t.Parallel()
	for _, s := range []string{"plain", `q"uo\te`, "ctl\x00\x1f\t\r\n", "ünïcödé ✓", "bad\xffutf8", "</script>"} {
		var back string
		if err := json.Unmarshal(appendString(nil, s), &back); err != nil {
			t.Fatalf("%q: %v", s, err)
		}
		want := strings.ToValidUTF8(s, "\uFFFD")
		if back != want {
			t.Errorf("round trip %q -> %q", s, back)
		}
	}
}

func TestNumbers(t *testing.T) {
	t.Parallel()
	point1, point2 := 0.1, 0.2
	// What JSON.stringify writes for the same numbers.
	cases := []struct {
		v    float64
		want string
	}{
		{0, "0"}, {1, "1"}, {9.6, "9.6"}, {point1 + point2, "0.30000000000000004"}, {1e21, "1e+21"},
		{1.5e300, "1.5e+300"}, {5e-7, "5e-7"}, {1.25e-10, "1.25e-10"}, {123456789, "123456789"}, {0.000001, "0.000001"},
	}
	for _, tc := range cases {
		if got := string(appendNumber(nil, tc.v)); got != tc.want {
			t.Errorf("appendNumber(%v) = %s, want %s", tc.v, got, tc.want)
		}
	}
}
