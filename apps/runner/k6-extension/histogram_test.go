package loadline

import (
	"encoding/json"
	"math"
	"testing"
)

// Expected indexes computed by bucketIndex() of packages/shared/src/histogram.ts (its built
// dist, under Node 20). The values include bucket boundaries GAMMA^k and their float64
// neighbours, and values where Go's math.Log differs from V8's Math.log in the last bit
// enough to move the bucket (0.00013774945251189536, 0.00995143599377151,
// 0.1826809360156607, 1.5527129118669636): jsLog must follow V8, not math.Log.
//
//nolint:gochecknoglobals
var tsBucketIndexes = []struct {
	value float64
	index int32
}{
	{0.0000010000000000000002, -1381},
	{0.000002, -1312},
	{0.001, -690},
	{0.01, -460},
	{0.05, -299},
	{0.1, -230},
	{0.5, -69},
	{0.9, -10},
	{1, 0},
	{1.0000000000000002, 1},
	{1.005, 1},
	{1.0100502512562812, 1},
	{1.0100502512562815, 2},
	{1.010050251256281, 1},
	{1.5, 41},
	{2, 70},
	{3.14159, 115},
	{9.1, 221},
	{10, 231},
	{42, 374},
	{99.99, 461},
	{100, 461},
	{123.456, 482},
	{250, 553},
	{999.999, 691},
	{1000, 691},
	{1234.5678, 712},
	{5000, 852},
	{30000, 1031},
	{60000, 1101},
	{3600000, 1510},
	{1000000000, 2073},
	{0.00013774945251189536, -888},
	{0.00995143599377151, -460},
	{0.1826809360156607, -170},
	{1.5527129118669636, 45},
	{0.006737666252932148, -500},
	{0.006737666252932149, -500},
	{0.00673766625293215, -500},
	{0.3678763754762272, -100},
	{0.36787637547622726, -100},
	{0.3678763754762273, -99},
	{0.9900497512437811, -1},
	{0.9900497512437813, -1},
	{0.9900497512437814, 0},
	{1.0202015100628765, 2},
	{1.0202015100628767, 2},
	{1.020201510062877, 3},
	{1.6487281404894338, 50},
	{1.648728140489434, 51},
	{1.6487281404894343, 51},
	{2.7183044812417463, 100},
	{2.7183044812417467, 100},
	{2.718304481241747, 101},
	{99.48812933765961, 460},
	{99.48812933765963, 460},
	{99.48812933765964, 460},
	{1096.6971315213605, 700},
	{1096.6971315213607, 700},
	{1096.697131521361, 700},
	{22028.30143763783, 1000},
	{22028.301437637834, 1000},
	{22028.301437637838, 1000},
	{3269426.031313348, 1500},
	{3269426.0313133486, 1500},
	{3269426.031313349, 1501},
}

func TestConstantsMatchTypeScript(t *testing.T) {
	t.Parallel()
	// HISTOGRAM_GAMMA and Math.log(HISTOGRAM_GAMMA) as Node prints them.
	if gamma != 1.0100502512562812 {
		t.Errorf("gamma = %v", gamma)
	}
	if logGamma != 0.010000083334583179 {
		t.Errorf("logGamma = %v", logGamma)
	}
}

func TestBucketIndexMatchesTypeScript(t *testing.T) {
	t.Parallel()
	for _, tc := range tsBucketIndexes {
		if got := bucketIndex(tc.value); got != tc.index {
			t.Errorf("bucketIndex(%v) = %d, TypeScript says %d", tc.value, got, tc.index)
		}
	}
}

func TestJSLogSpecialValues(t *testing.T) {
	t.Parallel()
	if v := jsLog(0); !math.IsInf(v, -1) {
		t.Errorf("log(0) = %v", v)
	}
	if v := jsLog(-1); !math.IsNaN(v) {
		t.Errorf("log(-1) = %v", v)
	}
	if v := jsLog(math.Inf(1)); !math.IsInf(v, 1) {
		t.Errorf("log(+Inf) = %v", v)
	}
	if v := jsLog(1); v != 0 {
		t.Errorf("log(1) = %v", v)
	}
	// Subnormal, near-1 (|f| < 2^-20) and large inputs, with Math.log's results from Node.
	for _, tc := range []struct{ x, want float64 }{
		{5e-324, -744.4400719213812},
		{1e-310, -713.8013788281542},
		{1.000000001, 1.000000082240371e-9},
		{0.999999999, -9.999999722180686e-10},
		{2.000000000001, 0.6931471805604453},
		{math.E, 1},
		{1e300, 690.7755278982137},
	} {
		if got := jsLog(tc.x); got != tc.want {
			t.Errorf("jsLog(%v) = %v, Math.log gives %v", tc.x, got, tc.want)
		}
	}
}

// The same values recorded by recordValue() in histogram.ts give
// {"relativeAccuracy":0.005,"count":8,"sum":2642.3500001,"min":0,"max":2500,"zeroCount":2,
// "bins":{"221":2,"482":1,"783":1,"-69":1,"-138":1}}.
func TestHistogramMatchesTypeScriptRecordValue(t *testing.T) {
	t.Parallel()
	var h histogram
	for _, v := range []float64{0, 1e-7, 0.5, 9.1, 9.1, 123.4, 0.25, 2500, math.NaN(), -1} {
		h.add(v)
	}
	var got map[string]any
	if err := json.Unmarshal(appendHistogram(nil, &h), &got); err != nil {
		t.Fatal(err)
	}
	want := map[string]any{
		"relativeAccuracy": 0.005, "count": 8.0, "sum": 2642.3500001, "min": 0.0, "max": 2500.0, "zeroCount": 2.0,
		"bins": map[string]any{"221": 2.0, "482": 1.0, "783": 1.0, "-69": 1.0, "-138": 1.0},
	}
	assertJSONEqual(t, want, got)
}

func TestHistogramGrowsBothWays(t *testing.T) {
	t.Parallel()
	var h histogram
	values := []float64{100, 0.01, 60000, 5, 1e-5, 3e6, 100}
	for _, v := range values {
		h.add(v)
	}
	want := map[int32]uint64{}
	for _, v := range values {
		want[bucketIndex(v)]++
	}
	got := map[int32]uint64{}
	h.bins(func(i int32, c uint64) { got[i] = c })
	if len(got) != len(want) {
		t.Fatalf("bins %v, want %v", got, want)
	}
	for i, c := range want {
		if got[i] != c {
			t.Errorf("bin %d = %d, want %d", i, got[i], c)
		}
	}
	if h.min != 1e-5 || h.max != 3e6 || h.count != uint64(len(values)) {
		t.Errorf("min %v max %v count %d", h.min, h.max, h.count)
	}
}

func BenchmarkHistogramAdd(b *testing.B) {
	var h histogram
	v := 0.0
	for i := 0; i < b.N; i++ {
		v += 0.37
		if v > 500 {
			v = 0.2
		}
		h.add(v)
	}
}
