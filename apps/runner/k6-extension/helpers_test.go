package loadline

import (
	"bytes"
	"encoding/json"
	"reflect"
	"strings"
	"testing"
	"time"

	"go.k6.io/k6/metrics"
)

// t0 is an arbitrary whole second that the aggregator tests place their samples around; tests
// that go through the Output's wall-clock flusher use a second near time.Now() instead.
const t0 = 1_700_000_000

type fixture struct {
	registry *metrics.Registry
	builtin  *metrics.BuiltinMetrics
}

func newFixture() *fixture {
	r := metrics.NewRegistry()
	return &fixture{registry: r, builtin: metrics.RegisterBuiltinMetrics(r)}
}

func (f *fixture) sample(m *metrics.Metric, at time.Time, value float64, tags map[string]string) metrics.Sample {
	return metrics.Sample{
		TimeSeries: metrics.TimeSeries{Metric: m, Tags: f.registry.RootTagSet().WithTagsFromMap(tags)},
		Time:       at,
		Value:      value,
	}
}

func (f *fixture) req(at time.Time, ms float64, tags map[string]string) metrics.Sample {
	return f.sample(f.builtin.HTTPReqDuration, at, ms, tags)
}

func sec(unix int64, ms int) time.Time {
	return time.Unix(unix, int64(ms)*int64(time.Millisecond))
}

// feed hands samples to a as a single container, as one k6 flush would.
func feed(a *aggregator, samples ...metrics.Sample) {
	a.add([]metrics.SampleContainer{metrics.Samples(samples)})
}

// finalSeconds is what a's last drain at the end of a run writes: every open second.
func finalSeconds(t *testing.T, a *aggregator) []jsonSecond {
	t.Helper()
	return decodeLines(t, a.drain(nil, 0, true))
}

// withTags overrides base (in place) with name/value pairs; the value "<none>" removes the
// tag, so a case can show what happens when k6 (or a custom script) leaves a tag out.
func withTags(base map[string]string, pairs ...string) map[string]string {
	for i := 0; i+1 < len(pairs); i += 2 {
		if pairs[i+1] == "<none>" {
			delete(base, pairs[i])
			continue
		}
		base[pairs[i]] = pairs[i+1]
	}
	return base
}

// httpTags are the tags k6 sets on http_req_duration when the script has a responseCallback.
func httpTags(name, method, status string, pairs ...string) map[string]string {
	return withTags(map[string]string{"name": name, "method": method, "status": status, "scenario": "default", "expected_response": "true"}, pairs...)
}

// grpcTags are the tags k6 sets on grpc_req_duration: method is the RPC's name, name the full
// method unless the script names it.
func grpcTags(name, status string, pairs ...string) map[string]string {
	return withTags(map[string]string{"name": name, "method": "Echo", "service": "echo.Echo", "status": status, "scenario": "default", "rpc_type": "unary"}, pairs...)
}

// Decoded line, field names as in series.ts.
type jsonSecond struct {
	V                 int           `json:"v"`
	T                 int64         `json:"t"`
	Requests          []jsonRequest `json:"requests"`
	VUs               int           `json:"vus"`
	VUsMax            int           `json:"vusMax"`
	Iterations        int           `json:"iterations"`
	DroppedIterations int           `json:"droppedIterations"`
	BytesReceived     float64       `json:"bytesReceived"`
	BytesSent         float64       `json:"bytesSent"`
	MessagesSent      *int          `json:"messagesSent"`
	MessagesReceived  *int          `json:"messagesReceived"`
	SpanStartMs       *float64      `json:"spanStartMs"`
	SpanEndMs         *float64      `json:"spanEndMs"`
	Checks            []jsonCheck   `json:"checks"`
	CustomMetrics     []jsonCustom  `json:"customMetrics"`
}

// jsonCustom is one customMetrics entry (customMetricSecondSchema); fields by type.
type jsonCustom struct {
	Name      string         `json:"name"`
	Type      string         `json:"type"`
	Contains  string         `json:"contains,omitempty"`
	Histogram *jsonHistogram `json:"histogram,omitempty"`
	Negative  *jsonHistogram `json:"negative,omitempty"`
	Sum       *float64       `json:"sum,omitempty"`
	Passes    *int           `json:"passes,omitempty"`
	Total     *int           `json:"total,omitempty"`
	Last      *float64       `json:"last,omitempty"`
	LastMs    *int64         `json:"lastMs,omitempty"`
	Min       *float64       `json:"min,omitempty"`
	Max       *float64       `json:"max,omitempty"`
}

type jsonRequest struct {
	SpanStartMs *float64      `json:"spanStartMs"`
	SpanEndMs   *float64      `json:"spanEndMs"`
	Name        string        `json:"name"`
	Method      string        `json:"method"`
	Status      int           `json:"status"`
	Expected    bool          `json:"expected"`
	ErrorCode   string        `json:"errorCode"`
	Scenario    string        `json:"scenario"`
	Count       int           `json:"count"`
	Latency     jsonHistogram `json:"latency"`
	// Present only on groups with sized HTTP responses.
	ResponseBytes *jsonHistogram `json:"responseBytes"`
}

type jsonHistogram struct {
	RelativeAccuracy float64          `json:"relativeAccuracy"`
	Count            int              `json:"count"`
	Sum              float64          `json:"sum"`
	Min              float64          `json:"min"`
	Max              float64          `json:"max"`
	ZeroCount        int              `json:"zeroCount"`
	Bins             map[string]int64 `json:"bins"`
}

type jsonCheck struct {
	Name   string `json:"name"`
	Passes int    `json:"passes"`
	Fails  int    `json:"fails"`
}

// decodeLines rejects keys jsonSecond does not declare, so a key the encoder adds without
// series.ts (mirrored above) fails the test instead of passing unseen.
func decodeLines(t *testing.T, out []byte) []jsonSecond {
	t.Helper()
	if len(out) == 0 {
		return nil
	}
	if !bytes.HasSuffix(out, []byte("\n")) {
		t.Fatalf("output does not end with a newline: %q", out)
	}
	var seconds []jsonSecond
	for _, line := range strings.Split(strings.TrimSuffix(string(out), "\n"), "\n") {
		dec := json.NewDecoder(strings.NewReader(line))
		dec.DisallowUnknownFields()
		var s jsonSecond
		if err := dec.Decode(&s); err != nil {
			t.Fatalf("line %q: %v", line, err)
		}
		seconds = append(seconds, s)
	}
	return seconds
}

func times(seconds []jsonSecond) []int64 {
	ts := make([]int64, 0, len(seconds))
	for _, s := range seconds {
		ts = append(ts, s.T)
	}
	return ts
}

func assertJSONEqual(t *testing.T, want, got any) {
	t.Helper()
	if !reflect.DeepEqual(want, got) {
		w, _ := json.Marshal(want)
		g, _ := json.Marshal(got)
		t.Errorf("got  %s\nwant %s", g, w)
	}
}

// groupRow is one "requests" entry without its histograms: the group key, the count, and the
// latency histogram's count and sum, enough to tell which samples went to which group and
// which of them were timed (a request without an answer counts but has no latency).
type groupRow struct {
	Name, Method, ErrorCode, Scenario string
	Status, Count                     int
	Expected                          bool
	Sum                               float64
	Timed                             int
}

// groupRows reads the groups of the only second written.
func groupRows(t *testing.T, seconds []jsonSecond) []groupRow {
	t.Helper()
	if len(seconds) != 1 {
		t.Fatalf("%d seconds, want 1", len(seconds))
	}
	var rows []groupRow
	for _, r := range seconds[0].Requests {
		rows = append(rows, groupRow{r.Name, r.Method, r.ErrorCode, r.Scenario, r.Status, r.Count, r.Expected, r.Latency.Sum, r.Latency.Count})
	}
	return rows
}
