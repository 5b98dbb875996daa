package loadline

import (
	"math"
	"sort"
	"strconv"
	"strings"

	"go.k6.io/k6/metrics"
)

// A custom script's own metrics (new Trend / Counter / Rate / Gauge in k6/metrics) are kept
// per second and per metric name, tags not kept apart, in the shape of customMetricSecondSchema
// (packages/shared/src/custom-metrics.ts):
//   - Trend: the same log-bucket histogram as latencies; values below zero in a second
//     histogram of their magnitudes ("negative"), so percentiles across zero stay exact to 0.5 %;
//   - Counter: the sum of what was added;
//   - Rate: how many values were non-zero of how many were added;
//   - Gauge: the last value (by sample time), the smallest and the largest.

// k6Metrics are the metrics k6 and its modules define: never a script's own.
//
//nolint:gochecknoglobals // a lookup table
var k6Metrics = map[string]bool{
	metrics.VUsName: true, metrics.VUsMaxName: true, metrics.IterationsName: true, metrics.IterationDurationName: true,
	metrics.DroppedIterationsName: true, metrics.ChecksName: true, metrics.GroupDurationName: true,
	metrics.HTTPReqsName: true, metrics.HTTPReqFailedName: true, metrics.HTTPReqDurationName: true,
	metrics.HTTPReqBlockedName: true, metrics.HTTPReqConnectingName: true, metrics.HTTPReqTLSHandshakingName: true,
	metrics.HTTPReqSendingName: true, metrics.HTTPReqWaitingName: true, metrics.HTTPReqReceivingName: true,
	metrics.WSSessionsName: true, metrics.WSMessagesSentName: true, metrics.WSMessagesReceivedName: true,
	metrics.WSPingName: true, metrics.WSSessionDurationName: true, metrics.WSConnectingName: true,
	metrics.GRPCReqDurationName: true, metrics.DataSentName: true, metrics.DataReceivedName: true,
	"grpc_streams": true, "grpc_streams_msgs_sent": true, "grpc_streams_msgs_received": true,
}

// isScriptMetric tells a script's own metric from k6's and from the ones Loadline's generated
// scripts add (loadline_*), which are read as requests or not at all.
func isScriptMetric(name string) bool {
	return !k6Metrics[name] && !strings.HasPrefix(name, "loadline_") && !strings.HasPrefix(name, "browser_")
}

type customAgg struct {
	name     string
	typ      metrics.MetricType
	contains metrics.ValueType

	trend, negative histogram // Trend

	sum float64 // Counter

	passes, total uint64 // Rate

	gauge      gauge // Gauge: the last value, by sample time
	min, max   float64
	gaugeCount uint64
}

func (c *customAgg) add(value float64, at int64) {
	switch c.typ {
	case metrics.Trend:
		if value < 0 {
			c.negative.add(-value)
		} else {
			c.trend.add(value)
		}
	case metrics.Counter:
		if !math.IsNaN(value) && !math.IsInf(value, 0) {
			c.sum += value
		}
	case metrics.Rate:
		c.total++
		if value != 0 {
			c.passes++
		}
	case metrics.Gauge:
		if math.IsNaN(value) || math.IsInf(value, 0) {
			return
		}
		c.gauge.observe(value, at)
		if c.gaugeCount == 0 || value < c.min {
			c.min = value
		}
		if c.gaugeCount == 0 || value > c.max {
			c.max = value
		}
		c.gaugeCount++
	}
}

// written: whether the second has anything of this metric to write (a trend of only NaN has not).
func (c *customAgg) written() bool {
	switch c.typ {
	case metrics.Trend:
		return c.trend.count+c.negative.count > 0
	case metrics.Gauge:
		return c.gaugeCount > 0
	default:
		return true
	}
}

func typeName(t metrics.MetricType) string {
	switch t {
	case metrics.Trend:
		return "trend"
	case metrics.Counter:
		return "counter"
	case metrics.Rate:
		return "rate"
	default:
		return "gauge"
	}
}

func containsName(v metrics.ValueType) string {
	switch v {
	case metrics.Time:
		return "time"
	case metrics.Data:
		return "data"
	default:
		return "default"
	}
}

// appendCustomMetrics writes ,"customMetrics":[...] in name order when the second has any.
func appendCustomMetrics(b []byte, custom map[uint32]*customAgg) []byte {
	list := make([]*customAgg, 0, len(custom))
	for _, c := range custom {
		if c.written() {
			list = append(list, c)
		}
	}
	if len(list) == 0 {
		return b
	}
	sort.Slice(list, func(i, j int) bool { return list[i].name < list[j].name })
	b = append(b, `,"customMetrics":[`...)
	for i, c := range list {
		if i > 0 {
			b = append(b, ',')
		}
		b = append(b, `{"name":`...)
		b = appendString(b, c.name)
		b = append(b, `,"type":"`...)
		b = append(b, typeName(c.typ)...)
		b = append(b, '"')
		if c.typ != metrics.Rate {
			b = append(b, `,"contains":"`...)
			b = append(b, containsName(c.contains)...)
			b = append(b, '"')
		}
		switch c.typ {
		case metrics.Trend:
			b = append(b, `,"histogram":`...)
			b = appendHistogram(b, &c.trend)
			if c.negative.count > 0 {
				b = append(b, `,"negative":`...)
				b = appendHistogram(b, &c.negative)
			}
		case metrics.Counter:
			b = append(b, `,"sum":`...)
			b = appendNumber(b, c.sum)
		case metrics.Rate:
			b = append(b, `,"passes":`...)
			b = strconv.AppendUint(b, c.passes, 10)
			b = append(b, `,"total":`...)
			b = strconv.AppendUint(b, c.total, 10)
		case metrics.Gauge:
			b = append(b, `,"last":`...)
			b = appendNumber(b, c.gauge.value)
			b = append(b, `,"lastMs":`...)
			b = strconv.AppendInt(b, c.gauge.at/int64(1e6), 10)
			b = append(b, `,"min":`...)
			b = appendNumber(b, c.min)
			b = append(b, `,"max":`...)
			b = appendNumber(b, c.max)
		}
		b = append(b, '}')
	}
	return append(b, ']')
}
