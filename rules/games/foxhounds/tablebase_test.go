package foxhounds

import (
	"fmt"
	"runtime"
	"testing"
	"time"

	"koma/rules"
)

// TestSetRanks checks the two facts the table's layout rests on: the sets of four dark
// squares come out of nextSet in the order of their ranks, and every hound step lowers the
// rank, so filling the table in rank order only ever reads entries already filled.
func TestSetRanks(t *testing.T) {
	set := [4]int8{0, 1, 2, 3}
	for want := int32(0); want < numSets; want++ {
		var hounds uint64
		for _, d := range set {
			hounds |= 1 << uint(darkSite[d])
		}
		if got := setRank(hounds); got != want {
			t.Fatalf("set %v has rank %d, want %d", set, got, want)
		}
		var moves [8]houndMove
		for _, m := range moves[:houndMoves(hounds, &moves)] {
			if m.rank >= want {
				t.Fatalf("a step from set %v (rank %d) reaches rank %d", set, want, m.rank)
			}
		}
		nextSet(&set)
	}
	if binom[4][numDark] != numSets {
		t.Errorf("C(32,4) = %d, want %d", binom[4][numDark], numSets)
	}
}

// TestHoundsWinFromTheStart proves from the tablebase that the hounds win against any
// defence, from every starting square of the fox and when the fox chooses its square,
// as the rulebook says.
func TestHoundsWinFromTheStart(t *testing.T) {
	prepared(t)
	for _, v := range startValues {
		sol, ok := start(t, "fox="+v).Solve()
		if want := (rules.Solution{Winner: hounds, Turns: 44}); !ok || sol != want {
			t.Errorf("fox=%s: %+v (ok %v), want %+v", v, sol, ok, want)
		}
	}
}

// solvedState builds the position with the given hounds, fox and side to move, with the
// end checks of Apply.
func solvedState(houndSet uint64, foxSite int, toMove rules.Player) *State {
	s := &State{Status: rules.Status{Turn: toMove}, v: variants[0], hounds: houndSet, fox: int8(foxSite)}
	s.settle()
	s.Zobrist = s.ComputeHash()
	return s
}

// TestTableIsConsistent checks every position the table describes, with either side to
// move, against the rules: through LegalMoves and Apply, the value of each position must
// be the best of its moves' values (the fastest win, otherwise the slowest loss), and
// every finished position a loss in 0 turns for the side to move. Together with the
// finished positions this pins down every entry, independently of how the table was
// built. With -short, one hound set in 16 is checked.
func TestTableIsConsistent(t *testing.T) {
	prepared(t)
	stride := int32(1)
	if testing.Short() {
		stride = 16
	}
	set := [4]int8{0, 1, 2, 3}
	checked := 0
	var moves []rules.Move
	for rank := int32(0); rank < numSets; rank++ {
		var houndSet uint64
		for _, d := range set {
			houndSet |= 1 << uint(darkSite[d])
		}
		nextSet(&set)
		if rank%stride != 0 {
			continue
		}
		for d := 0; d < numDark; d++ {
			f := int(darkSite[d])
			if houndSet>>f&1 != 0 {
				continue
			}
			for _, side := range []rules.Player{fox, hounds} {
				s := solvedState(houndSet, f, side)
				sol, ok := s.Solve()
				if !ok {
					t.Fatalf("no solution\n%s", rules.Text(s))
				}
				if o, over := s.Outcome(); over {
					if sol != (rules.Solution{Winner: o.Winner}) {
						t.Fatalf("finished position solved as %+v\n%s", sol, rules.Text(s))
					}
					continue
				}
				win, loss := -1, -1
				moves = s.LegalMoves(moves[:0])
				for _, m := range moves {
					c := *s
					c.Apply(m)
					cs, ok := c.Solve()
					if !ok {
						t.Fatalf("no solution after %s\n%s", rules.FormatMove(s, m), rules.Text(s))
					}
					if cs.Winner == side && (win < 0 || cs.Turns+1 < win) {
						win = cs.Turns + 1
					}
					if cs.Winner != side && cs.Turns+1 > loss {
						loss = cs.Turns + 1
					}
				}
				want := rules.Solution{Winner: side, Turns: win}
				if win < 0 {
					want = rules.Solution{Winner: side.Other(), Turns: loss}
				}
				if sol != want {
					t.Fatalf("solved as %+v, its moves give %+v\n%s", sol, want, rules.Text(s))
				}
				checked++
			}
		}
	}
	t.Logf("%d positions in progress checked", checked)
}

// TestBuildInSlices builds a second table slice by slice, as PrepareOracle does, checks
// that no slice takes long, and compares the result with the shared table.
func TestBuildInSlices(t *testing.T) {
	shared := prepared(t)
	var b builder
	var worst time.Duration
	slices := 0
	for {
		t0 := time.Now()
		done := b.slice(setsPerSlice)
		worst = max(worst, time.Since(t0))
		slices++
		if done != nil {
			if done.dist != shared.dist {
				t.Fatal("the table built in slices differs from the shared one")
			}
			break
		}
	}
	t.Logf("%d slices, the slowest %v", slices, worst)
	if slices != (numSets+setsPerSlice-1)/setsPerSlice {
		t.Errorf("%d slices", slices)
	}
}

// BenchmarkBuildTable measures building the whole table: its time per build and, as
// bytes per op, its memory.
func BenchmarkBuildTable(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		var bld builder
		runtime.KeepAlive(bld.slice(numSets))
	}
}

// BenchmarkSolve solves positions sampled from random games.
func BenchmarkSolve(b *testing.B) {
	prepared(b)
	var positions []*State
	for seed := 0; len(positions) < 1000; seed++ {
		s := start(b, "")
		for i := 0; ; i++ {
			moves := s.LegalMoves(nil)
			if len(moves) == 0 {
				break
			}
			positions = append(positions, s.Clone().(*State))
			s.Apply(moves[(i*7+seed)%len(moves)])
		}
	}
	b.ResetTimer()
	for i := 0; b.Loop(); i++ {
		if _, ok := positions[i%len(positions)].Solve(); !ok {
			b.Fatal("no solution")
		}
	}
}

// ExampleState_Solve shows the result of the opening position.
func ExampleState_Solve() {
	st, _ := Game.New(rules.Options{"fox": "e1"})
	for !st.(rules.Oracle).PrepareOracle() {
	}
	sol, _ := st.(rules.Oracle).Solve()
	fmt.Printf("winner: %s, in %d turns\n", Game.Sides[sol.Winner].Role, sol.Turns)
	// Output: winner: hounds, in 44 turns
}
