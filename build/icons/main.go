// Command icons writes Koma's icons as PNG files, drawn by koma/assets/icon, for the web
// build (build/web.sh) and the release archives (build/release.sh).
//
//	go run ./build/icons -web DIR       favicon.png (32), icon-192.png, icon-512.png,
//	                                    icon-maskable-192.png, icon-maskable-512.png
//	go run ./build/icons -hicolor DIR   DIR/<n>x<n>/apps/koma.png for a freedesktop icon
//	                                    theme, n = 16 32 48 64 128 256 512
//	go run ./build/icons -png FILE -size N   one icon
//	go run ./build/icons -ico FILE      a Windows icon holding every window size
//	go run ./build/icons -preview FILE  every window size side by side, enlarged without
//	                                    smoothing, to judge the small ones by eye
package main

import (
	"bytes"
	"encoding/binary"
	"errors"
	"flag"
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"image/png"
	"os"
	"path/filepath"

	"koma/assets/icon"
)

func main() {
	if err := run(os.Args[1:]); err != nil {
		fmt.Fprintln(os.Stderr, "icons:", err)
		os.Exit(2)
	}
}

func run(args []string) error {
	fs := flag.NewFlagSet("icons", flag.ContinueOnError)
	web := fs.String("web", "", "write the web app's icons into this folder")
	hicolor := fs.String("hicolor", "", "write a freedesktop hicolor tree into this folder")
	one := fs.String("png", "", "write one icon of -size pixels to this file")
	size := fs.Int("size", 256, "the size of -png")
	preview := fs.String("preview", "", "write an enlarged sheet of the window sizes to this file")
	ico := fs.String("ico", "", "write a Windows icon file with every window size")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return fmt.Errorf("unexpected argument %q", fs.Arg(0))
	}
	if *web == "" && *hicolor == "" && *one == "" && *preview == "" && *ico == "" {
		return errors.New("nothing to do: give -web, -hicolor, -png, -ico or -preview")
	}
	if *ico != "" {
		if err := writeICO(*ico); err != nil {
			return err
		}
	}
	if *web != "" {
		if err := writeWeb(*web); err != nil {
			return err
		}
	}
	if *hicolor != "" {
		if err := writeHicolor(*hicolor); err != nil {
			return err
		}
	}
	if *one != "" {
		img, err := icon.Draw(*size)
		if err != nil {
			return err
		}
		if err := writePNG(*one, img); err != nil {
			return err
		}
	}
	if *preview != "" {
		return writePreview(*preview)
	}
	return nil
}

func writeWeb(dir string) error {
	files := []struct {
		name     string
		size     int
		maskable bool
	}{
		{"favicon.png", 32, false},
		{"icon-192.png", 192, false},
		{"icon-512.png", 512, false},
		{"icon-maskable-192.png", 192, true},
		{"icon-maskable-512.png", 512, true},
	}
	for _, f := range files {
		draw := icon.Draw
		if f.maskable {
			draw = icon.DrawMaskable
		}
		img, err := draw(f.size)
		if err != nil {
			return err
		}
		if err := writePNG(filepath.Join(dir, f.name), img); err != nil {
			return err
		}
	}
	return nil
}

func writeHicolor(dir string) error {
	for _, n := range append(append([]int{}, icon.WindowSizes...), 512) {
		img, err := icon.Draw(n)
		if err != nil {
			return err
		}
		name := filepath.Join(dir, fmt.Sprintf("%dx%d", n, n), "apps", "koma.png")
		if err := writePNG(name, img); err != nil {
			return err
		}
	}
	return nil
}

// writePreview lays the window sizes out left to right, each enlarged to 256 pixels with
// square pixels, on the app's paper colour, so a look at one file judges them all.
func writePreview(name string) error {
	const cell, pad = 256, 16
	sizes := icon.WindowSizes
	sheet := image.NewNRGBA(image.Rect(0, 0, len(sizes)*(cell+pad)+pad, cell+2*pad))
	draw.Draw(sheet, sheet.Bounds(), image.NewUniform(color.NRGBA{0xEC, 0xE5, 0xD8, 0xFF}), image.Point{}, draw.Src)
	for i, s := range sizes {
		img, err := icon.Draw(s)
		if err != nil {
			return err
		}
		scale := cell / s
		x0, y0 := pad+i*(cell+pad), pad
		for y := 0; y < cell; y++ {
			for x := 0; x < cell; x++ {
				sheet.Set(x0+x, y0+y, blendOver(sheet.NRGBAAt(x0+x, y0+y), img.NRGBAAt(x/scale, y/scale)))
			}
		}
	}
	return writePNG(name, sheet)
}

// blendOver draws src over an opaque dst.
func blendOver(dst, src color.NRGBA) color.NRGBA {
	a := float64(src.A) / 255
	f := func(d, s uint8) uint8 { return uint8(float64(s)*a + float64(d)*(1-a) + 0.5) }
	return color.NRGBA{f(dst.R, src.R), f(dst.G, src.G), f(dst.B, src.B), 0xFF}
}

// writeICO writes the window sizes into one Windows icon file, each entry a PNG as
// Windows accepts since Vista, so that Explorer shows the drawn small sizes rather than a
// scaled-down large one.
func writeICO(name string) error {
	var images [][]byte
	for _, s := range icon.WindowSizes {
		img, err := icon.Draw(s)
		if err != nil {
			return err
		}
		var buf bytes.Buffer
		if err := (&png.Encoder{CompressionLevel: png.BestCompression}).Encode(&buf, img); err != nil {
			return fmt.Errorf("icons: encode %d: %w", s, err)
		}
		images = append(images, buf.Bytes())
	}
	var out bytes.Buffer
	le := binary.LittleEndian
	out.Write(le.AppendUint16(nil, 0)) // reserved
	out.Write(le.AppendUint16(nil, 1)) // 1 for an icon
	out.Write(le.AppendUint16(nil, uint16(len(images))))
	offset := 6 + 16*len(images)
	for i, s := range icon.WindowSizes {
		side := byte(s)
		if s >= 256 {
			side = 0 // 0 stands for 256
		}
		out.Write([]byte{side, side, 0, 0})
		out.Write(le.AppendUint16(nil, 1))  // colour planes
		out.Write(le.AppendUint16(nil, 32)) // bits per pixel
		out.Write(le.AppendUint32(nil, uint32(len(images[i]))))
		out.Write(le.AppendUint32(nil, uint32(offset)))
		offset += len(images[i])
	}
	for _, img := range images {
		out.Write(img)
	}
	if err := os.MkdirAll(filepath.Dir(name), 0o755); err != nil {
		return fmt.Errorf("icons: %w", err)
	}
	if err := os.WriteFile(name, out.Bytes(), 0o644); err != nil {
		return fmt.Errorf("icons: %w", err)
	}
	return nil
}

func writePNG(name string, img image.Image) error {
	if err := os.MkdirAll(filepath.Dir(name), 0o755); err != nil {
		return fmt.Errorf("icons: %w", err)
	}
	f, err := os.Create(name)
	if err != nil {
		return fmt.Errorf("icons: %w", err)
	}
	enc := png.Encoder{CompressionLevel: png.BestCompression}
	if err := enc.Encode(f, img); err != nil {
		f.Close()
		return fmt.Errorf("icons: encode %s: %w", name, err)
	}
	if err := f.Close(); err != nil {
		return fmt.Errorf("icons: %w", err)
	}
	return nil
}
