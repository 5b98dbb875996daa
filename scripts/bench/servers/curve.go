//go:build ignore

// curve: an HTTP target whose latency grows with its load, for the comparison benchmark.
// Each request sleeps
//
//	base-ms * (1 + (inflight - 1) / knee) * exp(sigma * N(0,1)) milliseconds
//
// where inflight counts the requests being served at its arrival (itself included): more VUs
// in flight, or a higher arrival rate, and every request waits longer, as on a server that
// queues. The normal draws come from one seeded RNG. Answers 200 "ok".
//
//	curve -addr 127.0.0.1:0 -seed 42 -base-ms 10 -knee 10 -sigma 0.35
//
// Prints "listening 127.0.0.1:PORT" once ready. Listens on loopback only, exits when its
// stdin closes (the bench died) or after -max-seconds, whichever comes first.
package main

import (
	"flag"
	"io"
	"math"
	"math/rand"
	"net/http"
	"sync"
	"sync/atomic"
	"time"
)

func main() {
	addr := flag.String("addr", "127.0.0.1:0", "loopback address to listen on")
	seed := flag.Int64("seed", 42, "RNG seed")
	baseMs := flag.Float64("base-ms", 10, "median delay of a request alone, in milliseconds")
	knee := flag.Float64("knee", 10, "requests in flight that add another base-ms to the median")
	sigma := flag.Float64("sigma", 0.35, "lognormal spread of each delay (sd of its log)")
	maxSeconds := flag.Int("max-seconds", 3600, "exit after this many seconds")
	flag.Parse()

	var mu sync.Mutex
	rng := rand.New(rand.NewSource(*seed))
	var inflight atomic.Int64
	ln := listenLoopback(*addr)
	body := []byte("ok")
	handler := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		n := inflight.Add(1)
		defer inflight.Add(-1)
		_, _ = io.Copy(io.Discard, r.Body)
		mu.Lock()
		z := rng.NormFloat64()
		mu.Unlock()
		ms := *baseMs * (1 + float64(n-1) / *knee) * math.Exp(*sigma*z)
		time.Sleep(time.Duration(ms * float64(time.Millisecond)))
		h := w.Header()
		h["Content-Type"] = []string{"text/plain"}
		h["Content-Length"] = []string{"2"}
		_, _ = w.Write(body)
	})
	serve(ln, handler, *maxSeconds)
}
