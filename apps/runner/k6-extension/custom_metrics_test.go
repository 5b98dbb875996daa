package loadline

import (
	"strings"
	"testing"

	"go.k6.io/k6/metrics"
)

func ptr[T any](v T) *T { return &v }

// A script's own Trend, Counter, Rate and Gauge, each aggregated per second by name whatever
// their tags, with values the test knows.
func TestCustomMetricsPerSecond(t *testing.T) {
	t.Parallel()
	f := newFixture()
	size := f.registry.MustNewMetric("cart_size", metrics.Trend)
	wait := f.registry.MustNewMetric("queue_wait", metrics.Trend, metrics.Time)
	orders := f.registry.MustNewMetric("orders", metrics.Counter)
	ok := f.registry.MustNewMetric("order_ok", metrics.Rate)
	depth := f.registry.MustNewMetric("queue_depth", metrics.Gauge)
	a := newAggregator()
	feed(a,
		f.sample(size, sec(t0, 100), 3, map[string]string{"page": "home"}),
		f.sample(size, sec(t0, 200), 12, map[string]string{"page": "cart"}),
		f.sample(wait, sec(t0, 200), -2.5, nil), // a time difference may be negative
		f.sample(wait, sec(t0, 300), 40, nil),
		f.sample(orders, sec(t0, 100), 1, nil),
		f.sample(orders, sec(t0, 150), 2.5, map[string]string{"kind": "bulk"}),
		f.sample(ok, sec(t0, 100), 1, nil),
		f.sample(ok, sec(t0, 110), 0, nil),
		f.sample(ok, sec(t0, 120), 1, nil),
		// Gauge samples handed over out of order: the one set last wins, whatever came last.
		f.sample(depth, sec(t0, 900), 4, nil),
		f.sample(depth, sec(t0, 100), 9, nil),
		f.sample(depth, sec(t0, 500), -1, nil),
		f.sample(orders, sec(t0+1, 100), 7, nil),
	)
	seconds := finalSeconds(t, a)
	if len(seconds) != 2 {
		t.Fatalf("%d seconds, want 2", len(seconds))
	}
	byName := map[string]jsonCustom{}
	for _, c := range seconds[0].CustomMetrics {
		byName[c.Name] = c
	}
	if names := len(seconds[0].CustomMetrics); names != 5 || seconds[0].CustomMetrics[0].Name != "cart_size" || seconds[0].CustomMetrics[4].Name != "queue_wait" {
		t.Errorf("metrics not one per name in name order: %+v", seconds[0].CustomMetrics)
	}
	if h := byName["cart_size"].Histogram; byName["cart_size"].Contains != "default" || h.Count != 2 || h.Sum != 15 || h.Min != 3 || h.Max != 12 || byName["cart_size"].Negative != nil {
		t.Errorf("cart_size: %+v", byName["cart_size"])
	}
	w := byName["queue_wait"]
	if w.Contains != "time" || w.Histogram.Count != 1 || w.Histogram.Max != 40 || w.Negative == nil || w.Negative.Count != 1 || w.Negative.Max != 2.5 {
		t.Errorf("queue_wait: %+v (negative %+v)", w, w.Negative)
	}
	assertJSONEqual(t, jsonCustom{Name: "orders", Type: "counter", Contains: "default", Sum: ptr(3.5)}, byName["orders"])
	assertJSONEqual(t, jsonCustom{Name: "order_ok", Type: "rate", Passes: ptr(2), Total: ptr(3)}, byName["order_ok"])
	assertJSONEqual(t, jsonCustom{Name: "queue_depth", Type: "gauge", Contains: "default", Last: ptr(4.0), LastMs: ptr(int64(t0*1000 + 900)), Min: ptr(-1.0), Max: ptr(9.0)}, byName["queue_depth"])
	assertJSONEqual(t, []jsonCustom{{Name: "orders", Type: "counter", Contains: "default", Sum: ptr(7.0)}}, seconds[1].CustomMetrics)
}

// k6's own metrics and those of Loadline's generated scripts are never a script's own; a
// second without any custom metric keeps its shape.
func TestOnlyTheScriptsOwnMetricsAreCustom(t *testing.T) {
	t.Parallel()
	f := newFixture()
	responseBytes := f.registry.MustNewMetric("loadline_response_bytes", metrics.Trend, metrics.Data)
	streams := f.registry.MustNewMetric("grpc_streams", metrics.Counter)
	a := newAggregator()
	feed(a,
		f.req(sec(t0, 100), 5, httpTags("A", "GET", "200")),
		f.sample(f.builtin.HTTPReqWaiting, sec(t0, 100), 4, httpTags("A", "GET", "200")),
		f.sample(f.builtin.IterationDuration, sec(t0, 100), 6, nil),
		f.sample(f.builtin.HTTPReqs, sec(t0, 100), 1, nil),
		f.sample(f.builtin.HTTPReqFailed, sec(t0, 100), 0, nil),
		f.sample(responseBytes, sec(t0, 100), 512, httpTags("A", "GET", "200")),
		f.sample(streams, sec(t0, 100), 1, nil),
	)
	out := string(a.drain(nil, 0, true))
	if strings.Contains(out, "customMetrics") {
		t.Errorf("built-in metrics written as custom ones: %s", out)
	}
}

// Values JSON cannot carry are not counted as values: a trend of only NaN writes nothing.
func TestCustomMetricsSkipWhatIsNotAValue(t *testing.T) {
	t.Parallel()
	f := newFixture()
	size := f.registry.MustNewMetric("size", metrics.Trend)
	level := f.registry.MustNewMetric("level", metrics.Gauge)
	a := newAggregator()
	nan := 0.0
	nan /= nan
	feed(a, f.sample(size, sec(t0, 100), nan, nil), f.sample(level, sec(t0, 100), nan, nil), f.req(sec(t0, 100), 5, httpTags("A", "GET", "200")))
	if seconds := finalSeconds(t, a); len(seconds[0].CustomMetrics) != 0 {
		t.Errorf("NaN written: %+v", seconds[0].CustomMetrics)
	}
}
