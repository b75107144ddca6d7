package tafl

import (
	"testing"
)

// TestKeptDataMatchesRecomputation plays many random games and checks, in every position,
// that the moves Apply kept are those of the position, found again from scratch, and that
// the history holds the positions since the last capture.
func TestKeptDataMatchesRecomputation(t *testing.T) {
	for _, sp := range allSpecs(t) {
		for seed := uint64(1); seed <= 100; seed++ {
			var since []uint64 // the positions since the last capture
			pieces := -1
			walkRandomGame(t, startSpec(t, sp), seed, func(s *State) {
				if n := s.pieces[0].count() + s.pieces[1].count(); n != pieces {
					since, pieces = since[:0], n
				}
				if (s.Over && s.Reason == kingEscaped) || (s.Over && s.Reason == kingCaptured) {
					return // these end the game before the history is updated
				}
				since = append(since, s.Zobrist)
				want := 0
				for _, x := range since {
					if x == s.Zobrist {
						want++
					}
				}
				if got := s.hist.Count(s.Zobrist); got != want || len(since) != s.hist.Len() {
					t.Fatalf("%s seed %d turn %d: history of %d counts the position %d times, want %d of %d", sp, seed, s.turns, s.hist.Len(), got, want, len(since))
				}
				if s.Over {
					return
				}
				fresh := *s
				fresh.kept = moveSet{}
				fresh.countMoves()
				// Entries beyond np are left over from earlier positions and never read.
				kept := s.kept
				clear(kept.sites[kept.np:])
				clear(kept.masks[kept.np:])
				clear(kept.before[kept.np:])
				if fresh.kept != kept {
					t.Fatalf("%s seed %d turn %d: kept moves %+v, recomputed %+v", sp, seed, s.turns, s.kept, fresh.kept)
				}
				if n := len(s.LegalMoves(nil)); int(s.kept.total) != n {
					t.Fatalf("%s seed %d turn %d: %d kept moves, %d legal", sp, seed, s.turns, s.kept.total, n)
				}
			})
		}
	}
}

// TestLinesMatchBoard checks, on many random games of the 7×7 boards, that the line
// occupancies found from the pieces are those of the board.
func TestLinesMatchBoard(t *testing.T) {
	// Every occupancy of every column, alone on the board.
	s := start(t, Brandub, "")
	for f := 0; f < small; f++ {
		for p := 0; p < 1<<small; p++ {
			var occ uint64
			for i := 0; i < small; i++ {
				occ |= uint64(p>>i&1) << (i*small + f)
			}
			s.pieces = [2]bitset{{lo: occ}, {}}
			if col, _ := s.lines(0, f); col != uint16(p)|(1<<maxN-1<<small) {
				t.Fatalf("column %d holding %#b: lines gives %#b", f, p, col)
			}
		}
	}
	for _, sp := range allSpecs(t) {
		if startSpec(t, sp).v.cells > 64 {
			continue
		}
		for seed := uint64(1); seed <= 20; seed++ {
			walkRandomGame(t, startSpec(t, sp), seed, func(s *State) {
				n := s.v.n
				for r := 0; r < n; r++ {
					for f := 0; f < n; f++ {
						col, row := s.lines(r, f)
						var wantCol, wantRow uint16 = 1<<maxN - 1<<n, 1<<maxN - 1<<n
						for i := 0; i < n; i++ {
							if s.cell[i*n+f] != empty {
								wantCol |= 1 << i
							}
							if s.cell[r*n+i] != empty {
								wantRow |= 1 << i
							}
						}
						if col != wantCol || row != wantRow {
							t.Fatalf("%s seed %d turn %d: lines(%d, %d) = %#x, %#x, want %#x, %#x",
								sp, seed, s.turns, r, f, col, row, wantCol, wantRow)
						}
					}
				}
			})
		}
	}
}

// TestKingCaptureNeedsTwoHostileNeighbours checks the test by which applyOne skips
// kingTaken: on the 7×7 boards, in every position of many random games, no attacker's
// move captures the king unless, once it is made, at least two of the king's neighbours
// are attackers or corners.
func TestKingCaptureNeedsTwoHostileNeighbours(t *testing.T) {
	captures := 0
	for _, sp := range allSpecs(t) {
		if !startSpec(t, sp).v.one {
			continue
		}
		for seed := uint64(1); seed <= 100; seed++ {
			walkRandomGame(t, startSpec(t, sp), seed, func(s *State) {
				if s.Over || s.Turn != attackers {
					return
				}
				v, kg := s.v, int(s.king)
				for _, m := range s.LegalMoves(nil) {
					from, to := int(m.Path[0]), int(m.Path[1])
					cell := s.cell
					cell[from], cell[to] = empty, attacker
					att := s.pieces[attackers].lo ^ (1<<uint(from) | 1<<uint(to))
					if (kg != v.throne && !v.adj[kg].has(to)) || !v.kingTaken(&cell, kg, to) {
						continue
					}
					captures++
					if near := (att | v.hostile.lo) & v.adj[kg].lo; near&(near-1) == 0 {
						t.Fatalf("%s seed %d turn %d: %v captures the king with fewer than two hostile neighbours", sp, seed, s.turns, m)
					}
				}
			})
		}
	}
	if captures == 0 {
		t.Fatal("no king capture was tried")
	}
	t.Logf("%d king captures tried", captures)
}
