package loadline

import (
	"testing"
	"time"

	"go.k6.io/k6/metrics"
)

// Every request metric has its own rules for which group a sample joins (request_keys.go).
// Each case puts its samples in one second and lists the groups written, in the encoder's
// order: name, method, status, expected, errorCode, scenario.
func TestRequestGrouping(t *testing.T) {
	t.Parallel()
	cases := []struct {
		metric  string
		samples func(f *fixture, at time.Time) []metrics.Sample
		want    []groupRow
	}{
		{
			metric: "http_req_duration",
			samples: func(f *fixture, at time.Time) []metrics.Sample {
				return []metrics.Sample{
					f.req(at, 1, httpTags("A", "GET", "200")),
					f.req(at, 2, httpTags("A", "GET", "200")),
					f.req(at, 3, httpTags("A", "GET", "200", "url", "http://x/1")), // other tags don't split a group
					f.req(at, 4, httpTags("A", "POST", "200")),
					f.req(at, 5, httpTags("A", "GET", "404", "expected_response", "false", "error_code", "1404")),
					f.req(at, 6, httpTags("A", "GET", "", "expected_response", "false", "error_code", "1211")), // timeout: no status
					f.req(at, 7, httpTags("A", "GET", "200", "scenario", "spike")),
					f.req(at, 8, httpTags("B", "GET", "503", "expected_response", "<none>")), // no callback: 503 unexpected
					f.req(at, 9, httpTags("B", "GET", "302", "expected_response", "<none>")), // no callback: 302 expected
					f.req(at, 10, httpTags("B", "GET", "200", "scenario", "<none>")),         // no scenario tag
					f.req(at, 11, httpTags("B", "GET", "200", "expected_response", "false")), // the callback decides
				}
			},
			want: []groupRow{
				{"A", "GET", "1211", "default", 0, 1, false, 6, 1},
				{"A", "GET", "", "default", 200, 3, true, 6, 3},
				{"A", "GET", "", "spike", 200, 1, true, 7, 1},
				{"A", "GET", "1404", "default", 404, 1, false, 5, 1},
				{"A", "POST", "", "default", 200, 1, true, 4, 1},
				{"B", "GET", "", "default", 200, 1, false, 11, 1},
				{"B", "GET", "", "default", 200, 1, true, 10, 1},
				{"B", "GET", "", "default", 302, 1, true, 9, 1},
				{"B", "GET", "", "default", 503, 1, false, 8, 1},
			},
		},
		{
			metric: "grpc_req_duration",
			samples: func(f *fixture, at time.Time) []metrics.Sample {
				call := func(ms float64, tags map[string]string) metrics.Sample {
					return f.sample(f.builtin.GRPCReqDuration, at, ms, tags)
				}
				return []metrics.Sample{
					call(1, grpcTags("Echo", "0", "expected_codes", "0")),
					call(2, grpcTags("Echo", "0", "expected_codes", "0")),
					call(3, grpcTags("Echo", "8", "expected_codes", "0")),     // RESOURCE_EXHAUSTED: an error
					call(4, grpcTags("Lookup", "5", "expected_codes", "0,5")), // NOT_FOUND expected
					call(5, grpcTags("Lookup", "0", "expected_codes", "0,5")),
					call(6, grpcTags("Plain", "0", "expected_codes", "<none>")),  // a custom script: OK expected
					call(7, grpcTags("Plain", "14", "expected_codes", "<none>")), // ...anything else is not
					// No answer (a broken connection fails a call in microseconds, a deadline after
					// its timeout): counted with its status, but not a latency.
					call(0.02, grpcTags("Plain", "14", "expected_codes", "<none>")),
					call(2000, grpcTags("Echo", "4", "expected_codes", "0")),
					call(8, grpcTags("Plain", "", "expected_codes", "<none>")), // no status: UNKNOWN
					call(9, grpcTags("Echo", "0", "expected_codes", " 4 , 0")),
					// The reflection stream k6 opens on connect has no name: not a request of the plan.
					call(100, grpcTags("", "0", "name", "<none>")),
				}
			},
			want: []groupRow{
				{"Echo", "GRPC", "", "default", 0, 3, true, 12, 3},
				{"Echo", "GRPC", "", "default", 4, 1, false, 0, 0},
				{"Echo", "GRPC", "", "default", 8, 1, false, 3, 1},
				{"Lookup", "GRPC", "", "default", 0, 1, true, 5, 1},
				{"Lookup", "GRPC", "", "default", 5, 1, true, 4, 1},
				{"Plain", "GRPC", "", "default", 0, 1, true, 6, 1},
				{"Plain", "GRPC", "", "default", 2, 1, false, 8, 1},
				{"Plain", "GRPC", "", "default", 14, 2, false, 0, 0},
			},
		},
		{
			metric: scriptRequestMetric,
			samples: func(f *fixture, at time.Time) []metrics.Sample {
				trend := f.registry.MustNewMetric(scriptRequestMetric, metrics.Trend, metrics.Time)
				ws := func(ms float64, status, expected, errorCode string) metrics.Sample {
					tags := map[string]string{"name": "Chat", "method": "WS", "scenario": "chat"}
					return f.sample(trend, at, ms, withTags(tags, "status", status, "expected", expected, "error_code", errorCode))
				}
				return []metrics.Sample{
					ws(0.5, "101", "true", "<none>"),  // a connection
					ws(20.5, "101", "true", "<none>"), // a round trip
					ws(5000, "0", "false", "1050"),    // a reply that never came
					ws(1, "0", "false", "1212"),       // refused
					ws(2, "403", "false", "<none>"),   // handshake refused by the server
					ws(3, "101", "<none>", "<none>"),  // no expected tag: no error code means expected
					ws(4, "0", "<none>", "1000"),
				}
			},
			want: []groupRow{
				{"Chat", "WS", "1000", "chat", 0, 1, false, 4, 1},
				{"Chat", "WS", "1050", "chat", 0, 1, false, 5000, 1},
				{"Chat", "WS", "1212", "chat", 0, 1, false, 1, 1},
				{"Chat", "WS", "", "chat", 101, 3, true, 24, 3},
				{"Chat", "WS", "", "chat", 403, 1, false, 2, 1},
			},
		},
		{
			metric: scriptFailureMetric,
			samples: func(f *fixture, at time.Time) []metrics.Sample {
				failed := f.registry.MustNewMetric(scriptFailureMetric, metrics.Counter)
				trend := f.registry.MustNewMetric(scriptRequestMetric, metrics.Trend, metrics.Time)
				tags := func(name, status, errorCode string) map[string]string {
					return map[string]string{"name": name, "method": "WS", "scenario": "chat", "status": status, "expected": "false", "error_code": errorCode}
				}
				return []metrics.Sample{
					f.sample(failed, at, 1, tags("Chat (connect)", "0", "1212")), // refused
					f.sample(failed, at, 3, tags("Chat", "0", "1212")),           // its 3 messages, never sent
					f.sample(failed, at, 1, tags("Chat (connect)", "403", "")),   // handshake refused by the server
					f.sample(failed, at, 1, tags("Chat", "0", "1050")),           // a reply that never came
					// Round trips that completed join the same name, timed.
					f.sample(trend, at, 20.5, map[string]string{"name": "Chat", "method": "WS", "scenario": "chat", "status": "101", "expected": "true"}),
					// Not a count of requests: ignored.
					f.sample(failed, at, 0, tags("Chat", "0", "1000")),
					f.sample(failed, at, 1.5, tags("Chat", "0", "1000")),
				}
			},
			want: []groupRow{
				{"Chat", "WS", "1050", "chat", 0, 1, false, 0, 0},
				{"Chat", "WS", "1212", "chat", 0, 3, false, 0, 0},
				{"Chat", "WS", "", "chat", 101, 1, true, 20.5, 1},
				{"Chat (connect)", "WS", "1212", "chat", 0, 1, false, 0, 0},
				{"Chat (connect)", "WS", "", "chat", 403, 1, false, 0, 0},
			},
		},
	}
	for _, tc := range cases {
		t.Run(tc.metric, func(t *testing.T) {
			t.Parallel()
			f := newFixture()
			a := newAggregator()
			feed(a, tc.samples(f, sec(t0, 500))...)
			assertJSONEqual(t, tc.want, groupRows(t, finalSeconds(t, a)))
		})
	}
}

// A sample the aggregator ignores must not open a second either: a run of nothing but such
// samples writes no line at all, instead of empty seconds.
func TestIgnoredSamplesWriteNothing(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name   string
		sample func(f *fixture) metrics.Sample
	}{
		{"k6 metric Loadline does not read", func(f *fixture) metrics.Sample {
			return f.sample(f.builtin.HTTPReqWaiting, sec(t0, 1), 5, httpTags("A", "GET", "200"))
		}},
		{"generated script's metric of another name", func(f *fixture) metrics.Sample {
			return f.sample(f.registry.MustNewMetric("loadline_other", metrics.Trend), sec(t0, 1), 5, nil)
		}},
		{"unnamed gRPC reflection stream", func(f *fixture) metrics.Sample {
			return f.sample(f.builtin.GRPCReqDuration, sec(t0, 1), 3, grpcTags("", "0", "name", "<none>"))
		}},
		{"counter named " + scriptRequestMetric, func(f *fixture) metrics.Sample {
			return f.sample(f.registry.MustNewMetric(scriptRequestMetric, metrics.Counter), sec(t0, 1), 1, map[string]string{"name": "x"})
		}},
		{"trend named " + scriptFailureMetric, func(f *fixture) metrics.Sample {
			return f.sample(f.registry.MustNewMetric(scriptFailureMetric, metrics.Trend), sec(t0, 1), 1, map[string]string{"name": "x"})
		}},
		{"counter named " + responseBytesMetric, func(f *fixture) metrics.Sample {
			return f.sample(f.registry.MustNewMetric(responseBytesMetric, metrics.Counter), sec(t0, 1), 1000, httpTags("A", "GET", "200"))
		}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			a := newAggregator()
			feed(a, tc.sample(newFixture()))
			if out := a.drain(nil, 0, true); len(out) != 0 {
				t.Errorf("a %s produced %s", tc.name, out)
			}
		})
	}
}

func TestWebSocketMessageCounts(t *testing.T) {
	t.Parallel()
	f := newFixture()
	a := newAggregator()
	tags := map[string]string{"name": "Chat", "scenario": "default"}
	feed(a,
		f.sample(f.builtin.WSMessagesSent, sec(t0, 1), 1, tags),
		f.sample(f.builtin.WSMessagesSent, sec(t0, 2), 1, tags),
		f.sample(f.builtin.WSMessagesReceived, sec(t0, 3), 1, tags),
		f.sample(f.builtin.Iterations, sec(t0+1, 3), 1, nil),
	)
	seconds := finalSeconds(t, a)
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

// Response sizes join the group of their request (the script tags them as k6 tags the
// request), in a histogram of their own: they add neither requests nor latencies.
func TestResponseBytesJoinTheirRequestGroup(t *testing.T) {
	t.Parallel()
	f := newFixture()
	a := newAggregator()
	size := f.registry.MustNewMetric(responseBytesMetric, metrics.Trend)
	at := sec(t0, 500)
	feed(a,
		f.req(at, 2, httpTags("Small", "GET", "200")),
		f.sample(size, at, 1000, httpTags("Small", "GET", "200")),
		f.req(at, 3, httpTags("Small", "GET", "200")),
		f.sample(size, at, 1000, httpTags("Small", "GET", "200")),
		f.req(at, 4, httpTags("Large", "GET", "200")),
		f.sample(size, at, 50000, httpTags("Large", "GET", "200")),
		f.req(at, 1, httpTags("Large", "GET", "404", "expected_response", "false", "error_code", "1404")),
		f.sample(size, at, 0, httpTags("Large", "GET", "404", "expected_response", "false", "error_code", "1404")),
		// No response, no size: the group keeps the shape of other protocols.
		f.req(at, 5, httpTags("Large", "GET", "0", "expected_response", "false", "error_code", "1212")),
	)
	seconds := finalSeconds(t, a)
	assertJSONEqual(t, []groupRow{
		{"Large", "GET", "1212", "default", 0, 1, false, 5, 1},
		{"Large", "GET", "", "default", 200, 1, true, 4, 1},
		{"Large", "GET", "1404", "default", 404, 1, false, 1, 1},
		{"Small", "GET", "", "default", 200, 2, true, 5, 2},
	}, groupRows(t, seconds))
	type sizes struct {
		Count, ZeroCount int
		Sum, Min, Max    float64
	}
	var got []*sizes
	for _, r := range seconds[0].Requests {
		if r.ResponseBytes == nil {
			got = append(got, nil)
			continue
		}
		h := r.ResponseBytes
		got = append(got, &sizes{h.Count, h.ZeroCount, h.Sum, h.Min, h.Max})
		if h.RelativeAccuracy != RelativeAccuracy {
			t.Errorf("%s: relative accuracy %v", r.Name, h.RelativeAccuracy)
		}
	}
	assertJSONEqual(t, []*sizes{nil, {1, 0, 50000, 50000, 50000}, {1, 1, 0, 0, 0}, {2, 0, 2000, 1000, 1000}}, got)
}
