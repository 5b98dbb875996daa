//go:build ignore

// ok: the fastest useful HTTP target, so that k6 (not the server) is the bottleneck in the
// overhead benchmark. Answers every request with 200 "ok".
//
//	ok -addr 127.0.0.1:0 -max-seconds 3600
//
// Prints "listening 127.0.0.1:PORT" once ready. Listens on loopback only, exits when its
// stdin closes (the bench died) or after -max-seconds, whichever comes first.
//
// It also counts what it served, per second of its clock (one atomic add per request), so
// the scale benchmark can read the rate delivered at the server: GET /__bench/counts answers
// {"startUnix": S, "total": N, "perSecond": [n0, n1, ...]}, perSecond[i] being the requests
// that arrived in Unix second S+i, up to the current second. That path is not counted.
package main

import (
	"encoding/json"
	"flag"
	"io"
	"net/http"
	"sync/atomic"
	"time"
)

const countsPath = "/__bench/counts"

func main() {
	addr := flag.String("addr", "127.0.0.1:0", "loopback address to listen on")
	maxSeconds := flag.Int("max-seconds", 3600, "exit after this many seconds")
	flag.Parse()

	ln := listenLoopback(*addr)
	body := []byte("ok")
	startUnix := time.Now().Unix()
	// One slot per second the server may live (it exits after -max-seconds), plus slack.
	perSecond := make([]atomic.Int64, *maxSeconds+2)
	var total atomic.Int64
	handler := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == countsPath {
			now := time.Now().Unix() - startUnix
			counts := make([]int64, 0, now+1)
			for i := int64(0); i <= now && i < int64(len(perSecond)); i++ {
				counts = append(counts, perSecond[i].Load())
			}
			w.Header().Set("Content-Type", "application/json")
			_ = json.NewEncoder(w).Encode(map[string]any{"startUnix": startUnix, "total": total.Load(), "perSecond": counts})
			return
		}
		if i := time.Now().Unix() - startUnix; i >= 0 && i < int64(len(perSecond)) {
			perSecond[i].Add(1)
		}
		total.Add(1)
		_, _ = io.Copy(io.Discard, r.Body)
		h := w.Header()
		h["Content-Type"] = []string{"text/plain"}
		h["Content-Length"] = []string{"2"}
		_, _ = w.Write(body)
	})
	serve(ln, handler, *maxSeconds)
}
