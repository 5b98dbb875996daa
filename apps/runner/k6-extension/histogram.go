package loadline

import "math"

// The DDSketch mapping shared with packages/shared/src/histogram.ts. Same constants, same
// formula: a value v > MinIndexable (ms) lands in bucket ceil(ln(v) / ln(gamma)), values at
// or below it in the zero bucket. The TypeScript side is the contract; see bucketIndex.
const (
	// RelativeAccuracy is alpha: every value read back from a bucket is within this factor.
	RelativeAccuracy = 0.005
	// MinIndexable (ms): values at or below it are counted in zeroCount.
	MinIndexable = 1e-6
)

//nolint:gochecknoglobals // computed once, at run time on purpose (see below)
var (
	// Computed with float64 variables, one rounding per operation, exactly as JavaScript
	// does it: a Go constant expression would be evaluated exactly and could differ from
	// HISTOGRAM_GAMMA in the last bit.
	relativeAccuracy = float64(RelativeAccuracy)
	gamma            = (1 + relativeAccuracy) / (1 - relativeAccuracy)
	logGamma         = jsLog(gamma)
)

// bucketIndex is Math.ceil(Math.log(v) / LOG_GAMMA) from histogram.ts, bit for bit: the
// logarithm is jsLog (the fdlibm algorithm V8 uses for Math.log), not math.Log, whose
// amd64 assembly and generic Go versions can differ from V8 in the last bit, which moves a
// value sitting on a bucket boundary into the neighbouring bucket.
func bucketIndex(v float64) int32 {
	return int32(math.Ceil(jsLog(v) / logGamma))
}

// histogram is a dense DDSketch store: counts[i] is the count of bucket offset+i. Latencies
// of one request name within one second span a few hundred buckets at most, so a slice
// beats a map on the hot path; the JSON form is sparse.
type histogram struct {
	count     uint64
	zeroCount uint64
	sum       float64
	min       float64
	max       float64
	offset    int32
	counts    []uint64
}

func (h *histogram) add(v float64) {
	if !(v >= 0) || math.IsInf(v, 1) { // NaN, negative, +Inf: not a latency
		return
	}
	if h.count == 0 || v < h.min {
		h.min = v
	}
	if h.count == 0 || v > h.max {
		h.max = v
	}
	h.count++
	h.sum += v
	if v <= MinIndexable {
		h.zeroCount++
		return
	}
	i := bucketIndex(v)
	if i < h.offset || int(i-h.offset) >= len(h.counts) {
		h.grow(i)
	}
	h.counts[i-h.offset]++
}

// grow makes room for bucket i, with some headroom on the side it grows towards.
func (h *histogram) grow(i int32) {
	const headroom = 32
	if len(h.counts) == 0 {
		h.offset = i - headroom/2
		h.counts = make([]uint64, headroom)
		return
	}
	lo, hi := h.offset, h.offset+int32(len(h.counts)) // [lo, hi)
	if i < lo {
		lo = i - headroom
	}
	if i >= hi {
		hi = i + headroom
	}
	counts := make([]uint64, hi-lo)
	copy(counts[h.offset-lo:], h.counts)
	h.offset, h.counts = lo, counts
}

// bins calls fn for every non-empty bucket in increasing index order.
func (h *histogram) bins(fn func(index int32, count uint64)) {
	for j, c := range h.counts {
		if c != 0 {
			fn(h.offset+int32(j), c) //nolint:gosec // bounded by the index range
		}
	}
}

// jsLog is ln(x) computed exactly as V8 computes Math.log: a port of fdlibm's e_log.c
// (__ieee754_log), which V8 carries in src/base/ieee754.cc. Every operation is rounded to
// float64 on its own (Go only fuses a*b+c into an FMA when written as one expression on some
// architectures; the explicit float64 conversions below forbid that), so the result is the
// same on every GOARCH.
func jsLog(x float64) float64 {
	const (
		ln2Hi = 6.93147180369123816490e-01 // 3fe62e42 fee00000
		ln2Lo = 1.90821492927058770002e-10 // 3dea39ef 35793c76
		two54 = 1.80143985094819840000e+16 // 43500000 00000000
		lg1   = 6.666666666666735130e-01   // 3FE55555 55555593
		lg2   = 3.999999999940941908e-01   // 3FD99999 9997FA04
		lg3   = 2.857142874366239149e-01   // 3FD24924 94229359
		lg4   = 2.222219843214978396e-01   // 3FCC71C5 1D8E78AF
		lg5   = 1.818357216161805012e-01   // 3FC74664 96CB03DE
		lg6   = 1.531383769920937332e-01   // 3FC39A09 D078C69F
		lg7   = 1.479819860511658591e-01   // 3FC2F112 DF3E5244
	)
	bits := math.Float64bits(x)
	hx := int32(bits >> 32) //nolint:gosec // high word, as a signed int like fdlibm
	lx := uint32(bits)      //nolint:gosec // low word

	k := int32(0)
	if hx < 0x00100000 { // x < 2**-1022
		if (hx&0x7fffffff)|int32(lx) == 0 { //nolint:gosec
			return math.Inf(-1) // log(+-0) = -inf
		}
		if hx < 0 {
			return math.NaN() // log(-#) = NaN
		}
		k -= 54
		x *= two54                            // subnormal number, scale up x
		hx = int32(math.Float64bits(x) >> 32) //nolint:gosec
	}
	if hx >= 0x7ff00000 {
		return x + x
	}
	k += (hx >> 20) - 1023
	hx &= 0x000fffff
	i := (hx + 0x95f64) & 0x100000
	// normalize x or x/2
	x = math.Float64frombits(uint64(uint32(hx|(i^0x3ff00000)))<<32 | (math.Float64bits(x) & 0xffffffff)) //nolint:gosec
	k += i >> 20
	f := x - 1.0
	if (0x000fffff & (2 + hx)) < 3 { // -2**-20 <= f < 2**-20
		if f == 0 {
			if k == 0 {
				return 0
			}
			dk := float64(k)
			return float64(dk*ln2Hi) + float64(dk*ln2Lo)
		}
		R := float64(f*f) * float64(0.5-float64(0.33333333333333333*f))
		if k == 0 {
			return f - R
		}
		dk := float64(k)
		return float64(dk*ln2Hi) - ((R - float64(dk*ln2Lo)) - f)
	}
	s := f / (2.0 + f)
	dk := float64(k)
	z := float64(s * s)
	i = hx - 0x6147a
	w := float64(z * z)
	j := 0x6b851 - hx
	t1 := float64(w * float64(lg2+float64(w*float64(lg4+float64(w*lg6)))))
	t2 := float64(z * float64(lg1+float64(w*float64(lg3+float64(w*float64(lg5+float64(w*lg7)))))))
	i |= j
	R := t2 + t1
	if i > 0 {
		hfsq := float64(float64(0.5*f) * f)
		if k == 0 {
			return f - (hfsq - float64(s*(hfsq+R)))
		}
		return float64(dk*ln2Hi) - ((hfsq - (float64(s*(hfsq+R)) + float64(dk*ln2Lo))) - f)
	}
	if k == 0 {
		return f - float64(s*(f-R))
	}
	return float64(dk*ln2Hi) - ((float64(s*(f-R)) - float64(dk*ln2Lo)) - f)
}
