//go:build ignore

// Shared by the bench's loopback servers (built together with each: go build ok.go loopback.go).
package main

import (
	"fmt"
	"io"
	"log"
	"net"
	"net/http"
	"os"
	"time"
)

// listenLoopback refuses any address that is not a loopback IP.
func listenLoopback(addr string) net.Listener {
	host, _, err := net.SplitHostPort(addr)
	if err != nil {
		log.Fatalf("bad -addr %q: %v", addr, err)
	}
	if ip := net.ParseIP(host); ip == nil || !ip.IsLoopback() {
		log.Fatalf("refusing to listen on %q: loopback addresses only", addr)
	}
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		log.Fatal(err)
	}
	return ln
}

func serve(ln net.Listener, handler http.Handler, maxSeconds int) {
	go func() {
		_, _ = io.Copy(io.Discard, os.Stdin)
		os.Exit(0)
	}()
	time.AfterFunc(time.Duration(maxSeconds)*time.Second, func() { os.Exit(0) })
	fmt.Printf("listening %s\n", ln.Addr().String())
	server := &http.Server{Handler: handler, ReadHeaderTimeout: 10 * time.Second}
	log.Fatal(server.Serve(ln))
}
