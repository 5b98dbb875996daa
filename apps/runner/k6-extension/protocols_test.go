package loadline

import (
	"testing"

	"go.k6.io/k6/metrics"
)

type groupRow struct {
	Name, Method, ErrorCode, Scenario string
	Status, Count                     int
	Expected                          bool
	Sum                               float64
}

func groupRows(t *testing.T, seconds []jsonSecond) []groupRow {
	t.Helper()
	if len(seconds) != 1 {
		t.Fatalf("%d seconds, want 1", len(seconds))
	}
	var rows []groupRow
	for _, r := range seconds[0].Requests {
		rows = append(rows, groupRow{r.Name, r.Method, r.ErrorCode, r.Scenario, r.Status, r.Count, r.Expected, r.Latency.Sum})
	}
	return rows
}

func grpcTags(name, status string, extra ...string) map[string]string {
	// What k6 sets on grpc_req_duration: method is the RPC's name, name the full method
	// unless the script names it.
	tags := map[string]string{"name": name, "method": "Echo", "service": "echo.Echo", "status": status, "scenario": "default", "rpc_type": "unary"}
	for i := 0; i+1 < len(extra); i += 2 {
		if extra[i+1] == "<none>" {
			delete(tags, extra[i])
			continue
		}
		tags[extra[i]] = extra[i+1]
	}
	return tags
}

func TestGRPCCallsGroupedByStatusAndExpectedCodes(t *testing.T) {
	t.Parallel()
	f := newFixture()
	a := newAggregator()
	const t0 = 1_700_000_000
	at := sec(t0, 500)
	a.add([]metrics.SampleContainer{metrics.Samples{
		f.sample(f.builtin.GRPCReqDuration, at, 1, grpcTags("Echo", "0", "expected_codes", "0")),
		f.sample(f.builtin.GRPCReqDuration, at, 2, grpcTags("Echo", "0", "expected_codes", "0")),
		f.sample(f.builtin.GRPCReqDuration, at, 3, grpcTags("Echo", "8", "expected_codes", "0")),     // RESOURCE_EXHAUSTED: an error
		f.sample(f.builtin.GRPCReqDuration, at, 4, grpcTags("Lookup", "5", "expected_codes", "0,5")), // NOT_FOUND expected
		f.sample(f.builtin.GRPCReqDuration, at, 5, grpcTags("Lookup", "0", "expected_codes", "0,5")),
		f.sample(f.builtin.GRPCReqDuration, at, 6, grpcTags("Plain", "0", "expected_codes", "<none>")),  // a custom script: OK expected
		f.sample(f.builtin.GRPCReqDuration, at, 7, grpcTags("Plain", "14", "expected_codes", "<none>")), // ...anything else is not
		f.sample(f.builtin.GRPCReqDuration, at, 8, grpcTags("Plain", "", "expected_codes", "<none>")),   // no status: UNKNOWN
		f.sample(f.builtin.GRPCReqDuration, at, 9, grpcTags("Echo", "0", "expected_codes", " 4 , 0")),
		// The reflection stream k6 opens on connect has no name: not a request of the plan.
		f.sample(f.builtin.GRPCReqDuration, at, 100, grpcTags("", "0", "name", "<none>")),
	}})
	got := groupRows(t, decodeLines(t, a.drain(nil, 0, true)))
	want := []groupRow{
		{"Echo", "GRPC", "", "default", 0, 3, true, 12},
		{"Echo", "GRPC", "", "default", 8, 1, false, 3},
		{"Lookup", "GRPC", "", "default", 0, 1, true, 5},
		{"Lookup", "GRPC", "", "default", 5, 1, true, 4},
		{"Plain", "GRPC", "", "default", 0, 1, true, 6},
		{"Plain", "GRPC", "", "default", 2, 1, false, 8},
		{"Plain", "GRPC", "", "default", 14, 1, false, 7},
	}
	assertJSONEqual(t, want, got)
}

func TestUnnamedGRPCSamplesOpenNoSecond(t *testing.T) {
	t.Parallel()
	f := newFixture()
	a := newAggregator()
	a.add([]metrics.SampleContainer{metrics.Samples{
		f.sample(f.builtin.GRPCReqDuration, sec(1_700_000_000, 1), 3, grpcTags("", "0", "name", "<none>")),
	}})
	if out := a.drain(nil, 0, true); len(out) != 0 {
		t.Errorf("reflection sample produced %s", out)
	}
}

func TestScriptRequestTrend(t *testing.T) {
	t.Parallel()
	f := newFixture()
	a := newAggregator()
	trend := f.registry.MustNewMetric(scriptRequestMetric, metrics.Trend, metrics.Time)
	const t0 = 1_700_000_000
	at := sec(t0, 250)
	ws := func(status, expected, errorCode string) map[string]string {
		tags := map[string]string{"name": "Chat", "method": "WS", "status": status, "expected": expected, "error_code": errorCode, "scenario": "chat"}
		for k, v := range tags {
			if v == "<none>" {
				delete(tags, k)
			}
		}
		return tags
	}
	a.add([]metrics.SampleContainer{metrics.Samples{
		f.sample(trend, at, 0.5, ws("101", "true", "<none>")),  // a connection
		f.sample(trend, at, 20.5, ws("101", "true", "<none>")), // a round trip
		f.sample(trend, at, 5000, ws("0", "false", "1050")),    // a reply that never came
		f.sample(trend, at, 1, ws("0", "false", "1212")),       // refused
		f.sample(trend, at, 2, ws("403", "false", "<none>")),   // handshake refused by the server
		f.sample(trend, at, 3, ws("101", "<none>", "<none>")),  // no expected tag: no error code means expected
		f.sample(trend, at, 4, ws("0", "<none>", "1000")),
	}})
	got := groupRows(t, decodeLines(t, a.drain(nil, 0, true)))
	want := []groupRow{
		{"Chat", "WS", "1000", "chat", 0, 1, false, 4},
		{"Chat", "WS", "1050", "chat", 0, 1, false, 5000},
		{"Chat", "WS", "1212", "chat", 0, 1, false, 1},
		{"Chat", "WS", "", "chat", 101, 3, true, 24},
		{"Chat", "WS", "", "chat", 403, 1, false, 2},
	}
	assertJSONEqual(t, want, got)
}

func TestScriptRequestMetricMustBeATrend(t *testing.T) {
	t.Parallel()
	f := newFixture()
	a := newAggregator()
	counter := f.registry.MustNewMetric(scriptRequestMetric, metrics.Counter)
	a.add([]metrics.SampleContainer{metrics.Samples{f.sample(counter, sec(1_700_000_000, 1), 1, map[string]string{"name": "x"})}})
	if out := a.drain(nil, 0, true); len(out) != 0 {
		t.Errorf("a counter named %s produced %s", scriptRequestMetric, out)
	}
}

func TestWebSocketMessageCounts(t *testing.T) {
	t.Parallel()
	f := newFixture()
	a := newAggregator()
	const t0 = 1_700_000_000
	tags := map[string]string{"name": "Chat", "scenario": "default"}
	a.add([]metrics.SampleContainer{metrics.Samples{
		f.sample(f.builtin.WSMessagesSent, sec(t0, 1), 1, tags),
		f.sample(f.builtin.WSMessagesSent, sec(t0, 2), 1, tags),
		f.sample(f.builtin.WSMessagesReceived, sec(t0, 3), 1, tags),
		f.sample(f.builtin.Iterations, sec(t0+1, 3), 1, nil),
	}})
	seconds := decodeLines(t, a.drain(nil, 0, true))
	if len(seconds) != 2 {
		t.Fatalf("%d seconds", len(seconds))
	}
	if seconds[0].MessagesSent == nil || *seconds[0].MessagesSent != 2 || seconds[0].MessagesReceived == nil || *seconds[0].MessagesReceived != 1 {
		t.Errorf("first second: sent %v received %v, want 2 and 1", seconds[0].MessagesSent, seconds[0].MessagesReceived)
	}
	// A second without WebSocket traffic keeps the HTTP-only shape.
	if seconds[1].MessagesSent != nil || seconds[1].MessagesReceived != nil {
		t.Errorf("second without messages carries counts: %+v", seconds[1])
	}
}
