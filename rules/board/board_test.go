package board

import (
	"fmt"
	"math"
	"slices"
	"testing"
)

func TestSiteCountsAndLines(t *testing.T) {
	tests := []struct {
		name       string
		topo       *Topology
		sites      int
		lines      int // drawn connections
		diagLines  int
		strongSite int // sites with a diagonal neighbour
	}{
		// Reference: 5×5 Alquerque has 56 edges (40 orthogonal, 16 diagonal) and 13 strong points.
		{"alquerque 5x5", NewPoints(5, 5), 25, 56, 16, 13},
		// 9×5 Fanorona: 108 edges (76 orthogonal, 32 diagonal), 23 strong points.
		{"fanorona 9x5", NewPoints(9, 5), 45, 108, 32, 23},
		// A 3×3 square grid with diagonals: 12 orthogonal + 8 diagonal neighbour pairs.
		{"square 3x3", NewSquare(3, 3), 9, 20, 8, 9},
		// Hex boards: 3n²-3n+1 cells; every adjacent pair once: 3(3n²-5n+2)... counted below.
		{"hex 4", NewHex(4), 37, 90, 0, 0},
		{"hex 5", NewHex(5), 61, 156, 0, 0},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := tc.topo.Len(); got != tc.sites {
				t.Errorf("sites = %d, want %d", got, tc.sites)
			}
			if got := len(tc.topo.Lines()); got != tc.lines {
				t.Errorf("lines = %d, want %d", got, tc.lines)
			}
			if tc.topo.Kind() == Hex {
				return
			}
			diag, strong := 0, 0
			for s := Site(0); int(s) < tc.topo.Len(); s++ {
				has := false
				for _, d := range []Dir{NE, SE, SW, NW} {
					if n := tc.topo.Step(s, d); n != NoSite {
						has = true
						if n > s {
							diag++
						}
					}
				}
				if has {
					strong++
				}
			}
			if diag != tc.diagLines || strong != tc.strongSite {
				t.Errorf("diagonal lines %d, strong sites %d; want %d, %d", diag, strong, tc.diagLines, tc.strongSite)
			}
		})
	}
}

func TestPointBoardDiagonalsFollowParity(t *testing.T) {
	b := NewPoints(5, 5)
	tests := []struct {
		from string
		dir  Dir
		want string // "" for none
	}{
		{"a1", NE, "b2"}, {"b2", NE, "c3"}, {"c3", NW, "b4"}, {"b1", NE, ""},
		{"c2", NW, ""}, {"e5", SW, "d4"}, {"e5", NE, ""}, {"a3", SE, "b2"}, {"b3", N, "b4"},
	}
	for _, tc := range tests {
		s, err := b.Parse(tc.from)
		if err != nil {
			t.Fatal(err)
		}
		got := ""
		if n := b.Step(s, tc.dir); n != NoSite {
			got = b.Label(n)
		}
		if got != tc.want {
			t.Errorf("%s %s = %q, want %q", tc.from, b.DirName(tc.dir), got, tc.want)
		}
	}
}

func TestHexMatchesReferenceCoordinates(t *testing.T) {
	// NewHex's convention on the N=5 board: the first site is e1 and the last e9, the
	// centre is e5, and numbering row by row from the bottom, as Ludii does, puts d2 at
	// index 5.
	b := NewHex(5)
	checks := map[Site]string{0: "e1", 4: "i1", 5: "d2", 30: "e5", 60: "e9"}
	for _, s := range []Site{0, 4, 5, 30, 60} {
		if got := b.Label(s); got != checks[s] {
			t.Errorf("site %d = %s, want %s", s, got, checks[s])
		}
	}
	// Neighbours of the centre of N=4 (d4) in direction order E, NE, NW, W, SW, SE.
	c, _ := NewHex(4).Parse("d4")
	var got []string
	h := NewHex(4)
	for d := Dir(0); int(d) < h.NumDirs(); d++ {
		got = append(got, h.Label(h.Step(c, d)))
	}
	want := []string{"e4", "d5", "c5", "c4", "d3", "e3"}
	if !slices.Equal(got, want) {
		t.Errorf("neighbours of d4 = %v, want %v", got, want)
	}
	// Corners have three neighbours; edge cells four; inner cells six.
	degree := func(s Site) int {
		n := 0
		for d := Dir(0); int(d) < h.NumDirs(); d++ {
			if h.Step(s, d) != NoSite {
				n++
			}
		}
		return n
	}
	for label, want := range map[string]int{"a4": 3, "d7": 3, "g1": 3, "a5": 4, "b5": 6, "d4": 6, "e3": 6} {
		s, err := h.Parse(label)
		if err != nil {
			t.Fatal(err)
		}
		if got := degree(s); got != want {
			t.Errorf("degree of %s = %d, want %d", label, got, want)
		}
	}
}

func TestLayoutAndLabelsRoundTrip(t *testing.T) {
	for _, b := range []*Topology{NewSquare(8, 8), NewSquare(10, 10), NewHex(3), NewHex(8), NewPoints(9, 5)} {
		t.Run(fmt.Sprintf("%s-%d", b.Kind(), b.Len()), func(t *testing.T) {
			for s := Site(0); int(s) < b.Len(); s++ {
				back, err := b.Parse(b.Label(s))
				if err != nil || back != s {
					t.Fatalf("label %q of site %d parses to %d, %v", b.Label(s), s, back, err)
				}
				info := b.Info(s)
				if got := b.At(info.Col, info.Row); got != s {
					t.Fatalf("At(%d,%d) = %d, want %d", info.Col, info.Row, got, s)
				}
				// Every neighbour lies one unit away on screen, and stepping back returns.
				for d := Dir(0); int(d) < b.NumDirs(); d++ {
					n := b.Step(s, d)
					if n == NoSite {
						continue
					}
					if b.Step(n, b.Opposite(d)) != s {
						t.Fatalf("%s %s then back does not return", b.Label(s), b.DirName(d))
					}
					ni := b.Info(n)
					dist := math.Hypot(ni.X-info.X, ni.Y-info.Y)
					want := 1.0
					if b.Kind() != Hex && d%2 == 1 {
						want = math.Sqrt2
					}
					if math.Abs(dist-want) > 1e-9 {
						t.Fatalf("%s to %s is %.3f units, want %.3f", b.Label(s), b.Label(n), dist, want)
					}
					if b.Distance(s, n) != 1 {
						t.Fatalf("Distance(%s,%s) = %d", b.Label(s), b.Label(n), b.Distance(s, n))
					}
				}
			}
			if _, err := b.Parse("z99"); err == nil {
				t.Error("a bad label parsed")
			}
		})
	}
}

func TestZobristIsStableAndDistinct(t *testing.T) {
	a, b := NewZobrist("konane", 200), NewZobrist("konane", 200)
	if !slices.Equal(a, b) {
		t.Fatal("same seed gave different keys")
	}
	// Pinned values: saved games, golden files and transposition tables rely on the keys
	// never changing, so a change to the generator must fail here.
	if a[0] != 0x7a1b575d3ed6b196 || a[1] != 0xa7dc2fda717017e2 {
		t.Errorf("keys changed: %#x %#x", a[0], a[1])
	}
	seen := map[uint64]bool{}
	for _, k := range a {
		if seen[k] || k == 0 {
			t.Fatalf("repeated or zero key %#x", k)
		}
		seen[k] = true
	}
	if other := NewZobrist("stoic", 1); other[0] == a[0] {
		t.Error("different seeds gave the same first key")
	}
}

// TestMustParse checks that MustParse finds what Parse finds and panics on a label that is
// not on the board.
func TestMustParse(t *testing.T) {
	b := NewPoints(5, 5)
	tests := []struct {
		label string
		ok    bool
	}{{"a1", true}, {"c3", true}, {"e5", true}, {"f1", false}, {"", false}}
	for _, tc := range tests {
		t.Run(tc.label, func(t *testing.T) {
			defer func() {
				if r := recover(); (r == nil) != tc.ok {
					t.Errorf("panic %v, want one: %v", r, !tc.ok)
				}
			}()
			want, _ := b.Parse(tc.label)
			if got := b.MustParse(tc.label); got != want {
				t.Errorf("MustParse = %d, Parse %d", got, want)
			}
		})
	}
}
