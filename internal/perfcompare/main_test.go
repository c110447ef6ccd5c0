package main

import (
	"testing"
	"time"
)

func TestParseNodesSearchedReadsStockfishLine(t *testing.T) {
	tests := []struct {
		line    string
		want    uint64
		wantErr bool
	}{
		{"Nodes searched: 119060324", 119060324, false},
		{"Nodes searched:  8902 ", 8902, false},
		{"Nodes searched: lots", 0, true},
		{"e2e4: 9771", 0, true},
	}
	for _, tt := range tests {
		got, err := parseNodesSearched(tt.line)
		if (err != nil) != tt.wantErr || got != tt.want {
			t.Errorf("parseNodesSearched(%q) = %d, %v; want %d, error %v", tt.line, got, err, tt.want, tt.wantErr)
		}
	}
}

func TestMedianTakesMiddleOrMeanOfMiddlePair(t *testing.T) {
	tests := []struct {
		in   []time.Duration
		want time.Duration
	}{
		{nil, 0},
		{[]time.Duration{5}, 5},
		{[]time.Duration{9, 1, 5}, 5},
		{[]time.Duration{4, 1, 2, 8}, 3},
	}
	for _, tt := range tests {
		if got := median(tt.in); got != tt.want {
			t.Errorf("median(%v) = %v, want %v", tt.in, got, tt.want)
		}
	}
}

func TestGeomeanOfRatios(t *testing.T) {
	if got := geomean([]float64{0.5, 2}); got < 0.999 || got > 1.001 {
		t.Errorf("geomean(0.5, 2) = %v, want 1", got)
	}
}
