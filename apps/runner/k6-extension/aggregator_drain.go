package loadline

import "sort"

// Writing seconds out: when a second is ready, and the gauges a second without a sample of
// them reports.

// drain appends the JSON line of every second that is ready to buf and forgets those
// seconds. A second is ready when it is at least watermarkLag seconds older than the newest
// sample second or nowSec, whichever is later; with final, every open second is ready.
func (a *aggregator) drain(buf []byte, nowSec int64, final bool) []byte {
	if len(a.open) == 0 {
		return buf
	}
	ref := a.newest
	if nowSec > ref {
		ref = nowSec
	}
	cutoff := ref - watermarkLag
	ready := make([]int64, 0, len(a.open))
	for t := range a.open {
		if final || t <= cutoff {
			ready = append(ready, t)
		}
	}
	sort.Slice(ready, func(i, j int) bool { return ready[i] < ready[j] })
	for _, t := range ready {
		s := a.open[t]
		delete(a.open, t)
		if a.last == s {
			a.last = nil
		}
		a.fillGauges(s)
		buf = appendSecond(buf, s)
		a.written = t
	}
	return buf
}

// fillGauges gives a second without a vus / vus_max sample the gauge's last written value.
// Before the first value is known (k6 first samples the gauges one second into the run, so
// the first second never has one) it takes the next value seen in a later open second.
func (a *aggregator) fillGauges(s *second) {
	a.fillGauge(s, &a.lastVUs, func(o *second) *gauge { return &o.vus })
	a.fillGauge(s, &a.lastVUsMax, func(o *second) *gauge { return &o.vusMax })
}

// fillGauge fills one gauge of s; of picks that gauge out of any second, and last is the
// gauge's last written value.
func (a *aggregator) fillGauge(s *second, last *gauge, of func(*second) *gauge) {
	g := of(s)
	switch {
	case g.set:
		*last = *g
	case last.set:
		g.value = last.value
	default:
		if next := a.nextOpen(s.t, func(o *second) bool { return of(o).set }); next != nil {
			g.value = of(next).value
		}
	}
}

// nextOpen is the earliest open second after t for which ok is true.
func (a *aggregator) nextOpen(t int64, ok func(*second) bool) *second {
	var best *second
	for ot, o := range a.open {
		if ot > t && ok(o) && (best == nil || ot < best.t) {
			best = o
		}
	}
	return best
}
