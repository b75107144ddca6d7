package picker

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"koma/rules"
	"koma/rules/board"
)

// Moves in these tests are written "kind:site,site,..." with sites as plain numbers and an
// optional "#tag", so tables stay readable without a board.
func mv(text string) rules.Move {
	kindText, rest, _ := strings.Cut(text, ":")
	rest, tagText, _ := strings.Cut(rest, "#")
	kind := map[string]rules.MoveKind{"place": rules.Place, "remove": rules.Remove, "step": rules.Step,
		"jump": rules.Jump, "pass": rules.Pass, "swap": rules.Swap}[kindText]
	var sites []board.Site
	if rest != "" {
		for _, f := range strings.Split(rest, ",") {
			var n int
			fmt.Sscan(f, &n)
			sites = append(sites, board.Site(n))
		}
	}
	m := rules.NewMove(kind, sites...)
	if tagText != "" {
		var tag int
		fmt.Sscan(tagText, &tag)
		m.Tag = uint8(tag)
	}
	return m
}

func moves(texts ...string) []rules.Move {
	out := make([]rules.Move, len(texts))
	for i, t := range texts {
		out[i] = mv(t)
	}
	return out
}

func sites(ns ...int) []board.Site {
	out := make([]board.Site, len(ns))
	for i, n := range ns {
		out[i] = board.Site(n)
	}
	return out
}

func TestClickSequences(t *testing.T) {
	// A Kōnane-like position: 10 may jump to 12 and on to 14, or step to 11; 20 jumps to 22.
	chain := moves("jump:10,12", "jump:10,12,14", "step:10,11", "jump:20,22")
	cases := []struct {
		name    string
		legal   []rules.Move
		clicks  []int
		want    Outcome
		move    string // the move played, for Play
		partial []int  // the partial path afterwards
		targets []int
		canStop bool
	}{
		{"empty site does nothing", chain, []int{5}, Ignored, "", nil, nil, false},
		{"select a piece", chain, []int{10}, Selected, "", []int{10}, []int{12, 11}, false},
		{"simple step", chain, []int{10, 11}, Play, "step:10,11", nil, nil, false},
		{"single jump is complete", chain, []int{20, 22}, Play, "jump:20,22", nil, nil, false},
		{"first landing of a chain waits", chain, []int{10, 12}, Selected, "", []int{10, 12}, []int{14}, true},
		{"continue the chain", chain, []int{10, 12, 14}, Play, "jump:10,12,14", nil, nil, false},
		{"click the landing again to stop", chain, []int{10, 12, 12}, Play, "jump:10,12", nil, nil, false},
		{"click the piece again to stop", chain, []int{10, 12, 10}, Play, "jump:10,12", nil, nil, false},
		{"click the piece again to deselect", chain, []int{10, 10}, Cleared, "", nil, nil, false},
		{"switch to another piece", chain, []int{10, 20}, Selected, "", []int{20}, []int{22}, false},
		{"click nowhere clears", chain, []int{10, 99}, Cleared, "", nil, nil, false},
		{"placement is one click", moves("place:3", "place:4"), []int{4}, Play, "place:4", nil, nil, false},
		{"removal is one click", moves("remove:7", "remove:8"), []int{7}, Play, "remove:7", nil, nil, false},
		{"forced remainder is filled in", moves("jump:1,3,5,7", "step:1,2"), []int{1, 3}, Play, "jump:1,3,5,7", nil, nil, false},
		{"placement or move from the same site", moves("place:6", "step:6,7"), []int{6}, Selected, "", []int{6}, []int{7}, true},
		{"tags ask for a choice", moves("step:1,2#1", "step:1,2#2", "step:1,3"), []int{1, 2}, Choose, "", []int{1, 2}, nil, false},
		{"specials are not on the board", moves("pass:", "place:2"), []int{2}, Play, "place:2", nil, nil, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var p Picker
			p.Reset(c.legal)
			var r Result
			for _, s := range c.clicks {
				r = p.Click(board.Site(s))
			}
			if r.Outcome != c.want {
				t.Fatalf("outcome %d, want %d", r.Outcome, c.want)
			}
			if c.want == Play && r.Move != mv(c.move) {
				t.Errorf("played %+v, want %s", r.Move, c.move)
			}
			if !slices.Equal(p.Partial(), sites(c.partial...)) {
				t.Errorf("partial %v, want %v", p.Partial(), c.partial)
			}
			if c.want != Play && c.want != Choose && !slices.Equal(p.Targets(), sites(c.targets...)) {
				t.Errorf("targets %v, want %v", p.Targets(), c.targets)
			}
			if p.CanStop() != c.canStop {
				t.Errorf("CanStop %v, want %v", p.CanStop(), c.canStop)
			}
		})
	}
}

func TestChooseOffersEveryMoveOnThePath(t *testing.T) {
	legal := moves("step:1,2#1", "step:1,2#2", "step:1,3")
	var p Picker
	p.Reset(legal)
	p.Click(1)
	r := p.Click(2)
	if r.Outcome != Choose || !slices.Equal(r.Choices, legal[:2]) {
		t.Fatalf("got %+v, want a choice between the two tagged steps", r)
	}
}

func TestStopPlaysTheShortMove(t *testing.T) {
	var p Picker
	p.Reset(moves("jump:10,12", "jump:10,12,14"))
	if r := p.Stop(); r.Outcome != Ignored {
		t.Errorf("stop with nothing selected: %+v", r)
	}
	p.Click(10)
	p.Click(12)
	if r := p.Stop(); r.Outcome != Play || r.Move != mv("jump:10,12") {
		t.Errorf("stop: %+v", r)
	}
	if len(p.Partial()) != 0 {
		t.Error("the partial path survived a played move")
	}
}

func TestStartsAndSpecials(t *testing.T) {
	var p Picker
	p.Reset(moves("step:4,5", "jump:4,6", "place:9", "step:1,2", "pass:", "swap:"))
	if got, want := p.Starts(), sites(4, 1); !slices.Equal(got, want) {
		t.Errorf("starts %v, want %v", got, want)
	}
	if got, want := p.Targets(), sites(9); !slices.Equal(got, want) {
		t.Errorf("targets with nothing selected %v, want %v", got, want)
	}
	if got, want := p.Specials(), moves("pass:", "swap:"); !slices.Equal(got, want) {
		t.Errorf("specials %v, want %v", got, want)
	}
}

// FuzzClicks checks that any click sequence only ever plays legal moves and that the
// partial path is always a prefix of some legal move.
func FuzzClicks(f *testing.F) {
	f.Add([]byte{10, 12, 14})
	f.Add([]byte{10, 12, 12})
	f.Add([]byte{1, 2, 3, 4, 20, 22})
	f.Add([]byte{})
	legal := moves("jump:10,12", "jump:10,12,14", "step:10,11", "jump:20,22", "place:3", "step:1,2#1", "step:1,2#2", "pass:")
	f.Fuzz(func(t *testing.T, clicks []byte) {
		var p Picker
		p.Reset(legal)
		for _, c := range clicks {
			r := p.Click(board.Site(c % 32))
			switch r.Outcome {
			case Play:
				if !slices.Contains(legal, r.Move) {
					t.Fatalf("played an illegal move %+v", r.Move)
				}
			case Choose:
				for _, m := range r.Choices {
					if !slices.Contains(legal, m) {
						t.Fatalf("offered an illegal move %+v", m)
					}
				}
			}
			if part := p.Partial(); len(part) > 0 && !slices.ContainsFunc(legal, func(m rules.Move) bool { return hasPrefix(m, part) }) {
				t.Fatalf("partial %v leads nowhere", part)
			}
		}
	})
}
