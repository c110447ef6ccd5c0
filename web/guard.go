package web

import (
	"net"
	"net/http"
	"net/url"
	"strings"
)

// hostAllowed reports whether the Host header of a request names this
// server in a way a DNS-rebinding attack cannot: an IP literal,
// "localhost" (or a name under .localhost), or one of the extra names the
// configuration allows. A rebinding attack must reach the server through a
// DNS name of the attacker's, which is none of these.
func (s *Server) hostAllowed(host string) bool {
	name := host
	if h, _, err := net.SplitHostPort(host); err == nil {
		name = h
	}
	name = strings.TrimSuffix(strings.TrimPrefix(name, "["), "]")
	name = strings.ToLower(strings.TrimSuffix(name, "."))
	if name == "" {
		return false
	}
	if net.ParseIP(name) != nil {
		return true
	}
	if name == "localhost" || strings.HasSuffix(name, ".localhost") {
		return true
	}
	for _, h := range s.cfg.AllowedHosts {
		if strings.EqualFold(h, name) {
			return true
		}
	}
	return false
}

// originAllowed reports whether a request's Origin (when it has one) is
// this server itself: same host and port as the Host header.
func originAllowed(r *http.Request) bool {
	origin := r.Header.Get("Origin")
	if origin == "" {
		// Browsers send Origin on every cross-origin request and on
		// every POST; without it the request comes from a page of this
		// server (a same-origin GET) or from a program such as curl.
		// Sec-Fetch-Site, when present, still tells a cross-site one.
		site := r.Header.Get("Sec-Fetch-Site")
		return site == "" || site == "same-origin" || site == "none"
	}
	u, err := url.Parse(origin)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") {
		return false
	}
	return strings.EqualFold(u.Host, r.Host)
}

// guard wraps every route: it refuses DNS-rebinding Host values and, on
// the API (paths under /api/), foreign origins.
func (s *Server) guard(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if !s.hostAllowed(r.Host) {
			writeError(w, errorf(http.StatusForbidden, "host %q is not allowed: open the board through 127.0.0.1 or localhost (or allow the name with -allow-host)", r.Host))
			return
		}
		if strings.HasPrefix(r.URL.Path, "/api/") && !originAllowed(r) {
			writeError(w, errorf(http.StatusForbidden, "cross-site request refused: origin %q is not this server", r.Header.Get("Origin")))
			return
		}
		w.Header().Set("X-Content-Type-Options", "nosniff")
		w.Header().Set("X-Frame-Options", "DENY")
		w.Header().Set("Referrer-Policy", "no-referrer")
		w.Header().Set("Content-Security-Policy", "default-src 'self'; img-src 'self' data:; style-src 'self' 'unsafe-inline'; connect-src 'self'; frame-ancestors 'none'")
		next.ServeHTTP(w, r)
	})
}
