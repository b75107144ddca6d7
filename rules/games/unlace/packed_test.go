package unlace

import (
	"math/bits"
	"math/rand/v2"
	"strconv"
	"testing"

	"koma/rules"
	"koma/rules/rulestest"
)

// packedSizes are the board sizes with a one-word layout: the row layout up to packedMax,
// then the torus.
var packedSizes = []int{3, 4, torusSize}

// piecesAt bounds a side's pieces on the board of v: its pieces at the start, a third of
// the cells.
func piecesAt(v *variant) int { return v.start[0].Count() }

// packedPositions returns the packed pieces of the player to move in every position of
// some random games on the default board.
func packedPositions(t testing.TB, games int) []uint64 {
	s0 := start(t, "")
	var out []uint64
	for seed := uint64(0); seed < uint64(games); seed++ {
		s := *s0
		rng := rand.New(rand.NewPCG(seed, 5))
		for {
			out = append(out, s.own[s.Turn])
			m, ok := s.RandomMove(rng)
			if !ok {
				break
			}
			s.Apply(m)
		}
	}
	return out
}

// TestKeptData plays random games on the packed boards and checks, after every move, the
// data Apply keeps up to date against a recomputation from scratch: the packed pieces,
// the moves of both players (packedMoves against the site-indexed Moves), the end flag and
// the counts RandomMove takes from the moves.
func TestKeptData(t *testing.T) {
	for _, n := range packedSizes {
		s0 := start(t, "size="+strconv.Itoa(n))
		v := s0.v
		for seed := uint64(0); seed < 400; seed++ {
			s := *s0
			rng := rand.New(rand.NewPCG(seed, 9))
			for {
				for p := rules.Player(0); p < 2; p++ {
					if s.own[p] != v.pack(s.occ[p]) {
						t.Fatalf("size %d seed %d: packed pieces of %d differ", n, seed, p)
					}
					var got [6]set
					v.packedMoves(s.own[p], &got)
					want := Moves(v.Hex128, s.occ[p])
					for d := range want {
						if v.pack(want[d]) != got[d][0] || got[d][1] != 0 {
							t.Fatalf("size %d seed %d: player %d direction %d: packed %x, want %x\n%s", n, seed, p, d, got[d][0], v.pack(want[d]), rules.Text(&s))
						}
					}
				}
				starts, total := stepCounts(&s)
				if s.Over != (total == 0) || !s.Over && total != len(s.LegalMoves(nil)) {
					t.Fatalf("size %d seed %d: over %v with %d steps", n, seed, s.Over, total)
				}
				for d, sum := 1, 0; d < 6; d++ {
					sum += s.moves[d-1].Count()
					if lane := int(starts >> (laneBits * d) & laneMask); lane != sum {
						t.Fatalf("size %d seed %d: %d steps before direction %d, want %d", n, seed, lane, d, sum)
					}
				}
				m, ok := s.RandomMove(rng)
				if !ok {
					break
				}
				s.Apply(m)
			}
		}
	}
}

func BenchmarkPackedMoves(b *testing.B) {
	positions := packedPositions(b, 200)
	board := start(b, "").v.board
	var mv [6]set
	for i := 0; b.Loop(); i++ {
		packedMoves(board, positions[i%len(positions)], &mv)
	}
}

// TestPackedShapes checks packedMoves against Moves, which flood-fills every group, on
// every set of at most maxPieces pieces within two cells of the centre of the default
// board (every way of surrounding a central piece of two arcs with its group and other
// groups, as far as the cells beside its targets and theirs: what the counting of groups
// of three and the two-step fills of groups of up to five rely on), and on random sets
// spread over the whole board, of both packed sizes.
func TestPackedShapes(t *testing.T) {
	check := func(v *variant, own uint64) {
		t.Helper()
		checkPacked(t, v, own)
	}
	v := start(t, "").v
	centre := uint64(1) << (3*rowBits + 3) // axial (0, 0)
	near := dilate(dilate(centre)) & v.board
	var cells []uint64
	for y := near; y != 0; y &= y - 1 {
		cells = append(cells, y&-y)
	}
	if len(cells) != 19 {
		t.Fatalf("%d cells within two of the centre", len(cells))
	}
	for subset := 0; subset < 1<<len(cells); subset++ {
		if testing.Short() && subset%7 != 0 || bits.OnesCount(uint(subset)) > maxPieces {
			continue
		}
		var own uint64
		for i, c := range cells {
			own |= c & -uint64(subset>>i&1)
		}
		check(v, own)
	}
	rng := rand.New(rand.NewPCG(7, 7))
	for _, n := range packedSizes {
		v := start(t, "size="+strconv.Itoa(n)).v
		for range 200000 {
			var own uint64
			for range 1 + rng.IntN(piecesAt(v)) {
				own |= 1 << v.index[rng.IntN(v.Cells)]
			}
			check(v, own)
		}
	}
	// On the torus, every third set within two cells of the centre, of a corner and of a
	// cell on an edge, where the rotations wrap.
	v = start(t, "size="+strconv.Itoa(torusSize)).v
	for _, label := range []string{"e5", "a5", "d2"} {
		c, err := v.Board.Parse(label)
		if err != nil {
			t.Fatal(err)
		}
		centre := uint64(1) << v.index[c]
		near := tor.dilate(tor.dilate(centre))
		var cells []uint64
		for y := near; y != 0; y &= y - 1 {
			cells = append(cells, y&-y)
		}
		for subset := 0; subset < 1<<len(cells); subset++ {
			if testing.Short() && subset%7 != 0 || subset%3 != 0 {
				continue
			}
			var own uint64
			for i, c := range cells {
				own |= c & -uint64(subset>>i&1)
			}
			check(v, own)
		}
	}
}

// checkPacked fails t unless packedMoves gives the steps of Moves (which TestMovesShapes
// checks against a flood fill for every step) for the pieces own in the packed layout of v.
func checkPacked(t testing.TB, v *variant, own uint64) {
	t.Helper()
	var x set
	for y := own; y != 0; y &= y - 1 {
		x.Add(int(v.site[bits.TrailingZeros64(y)]))
	}
	var got [6]set
	v.packedMoves(own, &got)
	want := Moves(v.Hex128, x)
	for d := range want {
		if v.pack(want[d]) != got[d][0] {
			t.Fatalf("size %d pieces %x direction %d: packed %x, want %x", v.Size, own, d, got[d][0], v.pack(want[d]))
		}
	}
}

// FuzzPackedMoves checks packedMoves against Moves on any set of at most maxPieces cells
// of any packed board (packedSizes, chosen by the fuzzer's byte): the fuzzer's words, cut
// to the board and to their last cells beyond a side's pieces at the start.
func FuzzPackedMoves(f *testing.F) {
	f.Add(uint64(0), uint8(1))
	f.Add(uint64(0x0000_3c18_1c3e_1c08), uint8(1)) // a tight cluster round the centre
	f.Add(uint64(0x0040_2010_0804_0201), uint8(0))
	f.Add(uint64(0x1c00_0000_0000_e007), uint8(2)) // round the torus's seam
	f.Fuzz(func(t *testing.T, cells uint64, size uint8) {
		n := packedSizes[int(size)%len(packedSizes)]
		v := start(t, "size="+strconv.Itoa(n)).v
		own := cells & v.board
		for bits.OnesCount64(own) > piecesAt(v) {
			own &= own - 1
		}
		checkPacked(t, v, own)
	})
}

// stepCounts returns the starts and the total that RandomMove works from: kept by Apply
// on the boards that are not packed, counted from the sets on the packed ones.
func stepCounts(s *State) (starts uint64, total int) {
	if !s.v.packed {
		return s.starts, s.total
	}
	m := &s.moves
	starts = startsOf(m[0].Count(), m[1].Count(), m[2].Count(), m[3].Count(), m[4].Count())
	return starts, int(starts>>(5*laneBits)) + m[5].Count()
}

// TestKeptCounts checks the step counts that RandomMove works from (see stepCounts) and
// the end flag against a count of LegalMoves by direction, after every move of random
// games on every board size, the large ones included.
func TestKeptCounts(t *testing.T) {
	for n := minSize; n <= maxSize; n++ {
		s0 := start(t, "size="+strconv.Itoa(n))
		for seed := uint64(0); seed < 100; seed++ {
			s := *s0
			rng := rand.New(rand.NewPCG(seed, 11))
			for {
				var before [6]int
				moves := s.LegalMoves(nil)
				for _, m := range moves {
					for d := 0; d < 6; d++ {
						if int(s.v.Nbr[m.Path[0]][d]) == int(m.Path[1]) {
							for e := d + 1; e < 6; e++ {
								before[e]++
							}
						}
					}
				}
				starts, total := stepCounts(&s)
				if total != len(moves) || starts>>(6*laneBits) != 0 || s.Over != (total == 0) {
					t.Fatalf("size %d seed %d: total %d, want %d (starts %x, over %v)", n, seed, total, len(moves), starts, s.Over)
				}
				for d := range before {
					if lane := int(starts >> (laneBits * d) & laneMask); lane != before[d] {
						t.Fatalf("size %d seed %d: %d steps before direction %d, want %d", n, seed, lane, d, before[d])
					}
				}
				m, ok := s.RandomMove(rng)
				if !ok {
					break
				}
				s.Apply(m)
			}
		}
	}
}

// TestDrawnMove checks the note RandomMove leaves on the packed boards
// (rulestest.DrawnNote): a flag bit over the packed indexes of the move's two cells.
func TestDrawnMove(t *testing.T) {
	for _, n := range packedSizes {
		root := start(t, "size="+strconv.Itoa(n))
		v := root.v
		rulestest.DrawnNote(t, root, 300, uint64(n),
			func(s *State, m rules.Move) bool {
				h := s.drawn
				ic, it := int(h&0xff), int(h>>8&0xff)
				return h>>63 == 1 && h>>16&(1<<47-1) == 0 && int(v.site[ic]) == int(m.Path[0]) && int(v.site[it]) == int(m.Path[1])
			},
			func(s *State) { s.drawn = 0 }, nil)
	}
}
