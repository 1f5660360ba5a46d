#!/usr/bin/env bash
# Regenerates the home-page hero media in public/media/ plus the favicons in public/.
#
#   worker/scripts/make-hero-media.sh            # everything
#   worker/scripts/make-hero-media.sh videos     # hero-{1,2,3}.mp4 + posters only
#   worker/scripts/make-hero-media.sh images     # hero-image-{1,2,3}.webp only
#   worker/scripts/make-hero-media.sh icons      # favicon.svg + apple-touch-icon.png only
#
# Needs: ffmpeg (with libx264 + libwebp), rsvg-convert (librsvg2-bin), cwebp (webp).
#   apt-get install -y ffmpeg librsvg2-bin webp
# Run by hand (not at install time); the outputs are committed. Takes ~3-4 minutes on two
# cores, almost all of it x264 `-preset veryslow`; PRESET=ultrafast gives quick (larger)
# previews while tweaking, but commit only veryslow output.
#
# Every animation is periodic with period DUR, so frame N would equal frame 0 and the
# <video loop> restarts seamlessly:
#   * positions move on sin/cos paths with whole-number frequencies per loop,
#   * rotating layers turn by exactly one symmetry step (360/n degrees) per loop,
#   * rising embers wrap while fully transparent.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
cd "$ROOT"
ART=worker/scripts/hero-art
OUT=public/media
mkdir -p "$OUT"

for tool in ffmpeg ffprobe rsvg-convert cwebp; do
  command -v "$tool" >/dev/null || {
    echo "missing $tool (apt-get install -y ffmpeg librsvg2-bin webp)" >&2
    exit 1
  }
done

TMP="$(mktemp -d)"
trap 'rm -rf "$TMP"' EXIT

W=1280
H=720
FPS=24
DUR=8
N=$((FPS * DUR)) # frames per loop
P="(2*PI*t/$DUR)"  # loop phase for overlay/rotate expressions (t = seconds)
PT="(2*PI*T/$DUR)" # the same for geq expressions (T = seconds)
# Repeat a single still frame for the whole loop.
LOOP="loop=loop=$((N - 1)):size=1,settb=1/$FPS,setpts=N"

ff() { ffmpeg -hide_banner -loglevel error -y "$@"; }

# rsvg <name> [width height]: rasterise hero-art/<name>.svg to $TMP/<name>.png
rsvg() {
  if [[ $# -eq 3 ]]; then
    rsvg-convert -w "$2" -h "$3" "$ART/$1.svg" -o "$TMP/$1.png"
  else
    rsvg-convert "$ART/$1.svg" -o "$TMP/$1.png"
  fi
}

# tint RRGGBB [alpha]: colorchannelmixer args that turn a white sprite into that colour.
tint() {
  local hex=$1 a=${2:-1}
  awk -v r=$((16#${hex:0:2})) -v g=$((16#${hex:2:2})) -v b=$((16#${hex:4:2})) -v a="$a" \
    'BEGIN { printf "colorchannelmixer=rr=%.4f:gg=%.4f:bb=%.4f:aa=%s", r/255, g/255, b/255, a }'
}

# A dark veil over the middle of the frame (where the white headline sits) and the far
# edges. Built from a float geq alpha mask + a flat colour rather than an SVG gradient:
# rsvg's 8-bit premultiplied alpha makes dark translucent gradients ring visibly.
#   veil <out.png> <centre alpha> <edge alpha>
veil() {
  local mask="255*min(1,$2*exp(-pow(hypot(X-W/2,Y-H/2)/330,2))+$3*pow(clip((hypot(X-W/2,Y-H/2)/$((W * 64 / 100))-0.62)/0.38,0,1),1.5))"
  ff -f lavfi -i "color=c=0x1E0C16:s=${W}x${H}:d=1,format=rgba" \
    -f lavfi -i "nullsrc=s=${W}x${H}:d=1,format=gray,geq=lum='$mask'" \
    -filter_complex "[0][1]alphamerge" -frames:v 1 "$1"
}

# encode <filtergraph file> <out.mp4> <crf> <inputs...>
# The graph must end in [out]. hero-1/3 add a light static grain (noise without the temporal
# flag) before encoding: it dithers the dark gradients against banding and costs few bits.
encode() {
  local graph=$1 out=$2 crf=$3
  shift 3
  ff "$@" -filter_complex "$(<"$graph")" -map '[out]' -frames:v "$N" -r "$FPS" \
    -c:v libx264 -preset "${PRESET:-veryslow}" -profile:v high -crf "$crf" -x264-params aq-mode=3 \
    -pix_fmt yuv420p -movflags +faststart -an "$out"
}

# poster <video> <out.webp>: first frame of the video as a small WebP.
poster() {
  ff -i "$1" -frames:v 1 "$TMP/poster.png"
  cwebp -quiet -q 75 -m 6 -sharp_yuv "$TMP/poster.png" -o "$2"
}

# --- hero-1: drifting copper / saffron glows under slowly turning light rays ------------------
hero1() {
  local g="$TMP/hero1.graph" i n
  veil "$TMP/veil1.png" 0.55 0.55
  rsvg light-rays
  # colour  size  alpha  centre-x  centre-y   (fractions of the frame; halo + core pairs share a path)
  local glows=(
    "6E2434 900 0.80 0.30+0.10*cos($P)          0.06+0.05*sin(2*$P)"
    "8C4A22 1000 0.85 0.84+0.05*cos($P+0.5)     0.30+0.10*sin($P)"
    "B87333 520 0.70 0.84+0.05*cos($P+0.5)      0.30+0.10*sin($P)"
    "C2561A 1000 0.65 0.20+0.07*sin($P)         0.78+0.07*sin(2*$P+1)"
    "F4A300 520 0.80 0.20+0.07*sin($P)          0.78+0.07*sin(2*$P+1)"
    "8C4A22 820 0.85 0.52+0.10*sin($P+2)        1.05+0.04*cos($P)"
    "E8892B 300 0.60 0.64+0.16*sin($P+4)        0.84+0.05*cos(2*$P)"
  )
  n=${#glows[@]}
  {
    # Glows and rays are drawn over black, then screen-blended onto the aubergine backdrop so
    # they add light (a plain alpha overlay turns saffron muddy over purple).
    printf '%s' "nullsrc=s=320x180:r=$FPS,trim=end_frame=1,format=gbrp,"
    printf '%s' "geq=r='40+30*Y/H':g='17+11*Y/H':b='30+13*Y/H',scale=$W:$H,${LOOP}[bg];"
    printf '%s' "color=c=black:s=${W}x${H}:r=$FPS:d=$DUR,format=gbrp[l0];"
    printf '%s' "nullsrc=s=512x512:r=$FPS,trim=end_frame=1,format=gray,"
    printf '%s' "geq=lum='255*exp(-(pow(X-256,2)+pow(Y-256,2))/(2*85*85))',$LOOP,split=$n"
    for i in $(seq 1 "$n"); do printf '[m%d]' "$i"; done
    printf ';\n'
    for i in $(seq 1 "$n"); do
      read -r col size a cx cy <<<"${glows[$((i - 1))]}"
      printf '%s' "color=c=0x$col:s=${size}x${size}:r=$FPS:d=$DUR,format=rgba[c$i];"
      printf '%s' "[m$i]scale=$size:$size,lut=y='val*$a'[ms$i];[c$i][ms$i]alphamerge[g$i];"
      printf '%s\n' "[l$((i - 1))][g$i]overlay=x='($cx)*W-w/2':y='($cy)*H-h/2':eval=frame:format=rgb[l$i];"
    done
    # 24 rays turning 15 degrees per loop, pivoting above the top-left of the frame.
    printf '%s' "[0]$(tint F4A340 0.35),$LOOP,rotate=a='2*PI/24*t/$DUR':c=none:ow=iw:oh=ih[rays];"
    printf '%s' "[l$n][rays]overlay=x=$((W * 22 / 100))-w/2:y=-$((H * 28 / 100))-h/2:format=rgb,format=gbrp[light];"
    printf '%s' "[bg][light]blend=all_mode=screen,format=gbrp[lit];"
    printf '%s' "[1]${LOOP}[veil];[lit][veil]overlay=format=rgb,format=yuv420p,eq=saturation=1.3,noise=alls=2:allf=u[out]"
  } >"$g"
  encode "$g" "$OUT/hero-1.mp4" 23 -i "$TMP/light-rays.png" -i "$TMP/veil1.png"
  poster "$OUT/hero-1.mp4" "$OUT/hero-1-poster.webp"
}

# --- hero-2: two counter-rotating copper mandala rings on aubergine ---------------------------
hero2() {
  local g="$TMP/hero2.graph" s=1300
  rsvg mandala-bg
  rsvg mandala-outer
  rsvg mandala-inner
  veil "$TMP/veil2.png" 0.85 0.7
  {
    printf '%s' "[0]${LOOP}[bg];"
    # outer ring is 16-fold symmetric: +22.5 degrees per loop; inner lotus is 12-fold: -30 degrees.
    printf '%s' "[1]scale=$s:$s,colorchannelmixer=aa=0.7,$LOOP,rotate=a='2*PI/16*t/$DUR':c=none:ow=iw:oh=ih[o];"
    printf '%s' "[2]scale=$s:$s,colorchannelmixer=aa=0.7,$LOOP,rotate=a='-2*PI/12*t/$DUR':c=none:ow=iw:oh=ih[i];"
    printf '%s' "[3]${LOOP}[v];"
    printf '%s' "[bg][o]overlay=x=(W-w)/2:y=(H-h)/2:format=rgb[a];[a][i]overlay=x=(W-w)/2:y=(H-h)/2:format=rgb[b];"
    printf '%s' "[b][v]overlay=format=rgb,gblur=sigma=1,format=yuv420p[out]"
  } >"$g"
  encode "$g" "$OUT/hero-2.mp4" 26 -i "$TMP/mandala-bg.png" -i "$TMP/mandala-outer.png" \
    -i "$TMP/mandala-inner.png" -i "$TMP/veil2.png"
  poster "$OUT/hero-2.mp4" "$OUT/hero-2-poster.webp"
}

# --- hero-3: flickering candle-light bokeh with rising embers --------------------------------
hero3() {
  local g="$TMP/hero3.graph" i k nd ne
  rsvg candle-bg
  rsvg candle-glow
  rsvg bokeh
  rsvg ember
  veil "$TMP/veil3.png" 0.8 0.6
  # colour size alpha blur  x0 y0  sway-x sway-y  phase     (x0/y0 = fractions of the frame)
  local discs=(
    "B87333 250 0.45 6 0.07 0.22 0.020 0.030 0.0"
    "E08A3C 220 0.50 6 0.92 0.16 0.015 0.035 1.3"
    "C2561A 280 0.40 7 0.85 0.74 0.020 0.025 2.1"
    "B87333 230 0.40 6 0.14 0.82 0.025 0.020 3.4"
    "B87333 170 0.38 5 0.58 0.09 0.030 0.020 4.0"
    "F4A300 130 0.72 3 0.28 0.58 0.020 0.040 0.7"
    "F4C430 110 0.72 3 0.72 0.38 0.025 0.030 5.1"
    "F4C430 120 0.72 3 0.96 0.50 0.010 0.040 2.6"
    "E08A3C 150 0.60 3 0.40 0.88 0.030 0.020 1.9"
    "F4A300 140 0.76 3 0.66 0.84 0.020 0.030 3.9"
    "C2561A 160 0.50 4 0.03 0.52 0.010 0.030 4.6"
    "B87333 120 0.50 3 0.33 0.20 0.020 0.030 5.7"
    "F4C430 70 0.75 1 0.21 0.36 0.015 0.020 0.4"
    "FFD98A 60 0.85 1 0.79 0.26 0.020 0.015 2.2"
    "F4A300 80 0.70 1 0.52 0.70 0.020 0.020 3.1"
    "F4C430 64 0.75 1 0.89 0.90 0.015 0.020 4.4"
    "F4A300 56 0.70 1 0.11 0.08 0.020 0.015 5.5"
  )
  # colour size x0 y0(start) rise cycles-per-loop phase
  local embers=(
    "F4C430 44 0.18 0.98 0.45 1 0.00"
    "F4A300 36 0.31 1.02 0.55 1 0.35"
    "F4C430 32 0.46 0.96 0.40 2 0.10"
    "FFF6E8 28 0.60 1.00 0.50 1 0.62"
    "F4A300 40 0.74 0.98 0.45 1 0.20"
    "F4C430 32 0.88 1.02 0.55 2 0.55"
    "F4A300 28 0.05 0.94 0.40 1 0.80"
    "F4C430 36 0.95 0.96 0.50 1 0.45"
    "B87333 48 0.38 0.99 0.35 1 0.72"
    "F4C430 24 0.67 0.97 0.60 2 0.85"
  )
  nd=${#discs[@]}
  ne=${#embers[@]}
  {
    # Light (glow, discs, embers) is drawn over black and screen-blended onto the backdrop.
    printf '%s' "[0]$LOOP,format=gbrp[bg];color=c=black:s=${W}x${H}:r=$FPS:d=$DUR,format=gbrp[l0];"
    # The warm glow bobs a few pixels on whole-number frequencies: reads as candle flicker.
    printf '%s\n' "[1]${LOOP}[glow];[l0][glow]overlay=x=(W-w)/2:y='H-h+60+14*sin(3*$P)+8*sin(7*$P+1)+4*sin(13*$P+2)':eval=frame:format=rgb[l1];"
    printf '%s' "[2]split=$nd"
    for i in $(seq 1 "$nd"); do printf '[d%d]' "$i"; done
    printf ';[3]split=%d' "$ne"
    for i in $(seq 1 "$ne"); do printf '[e%d]' "$i"; done
    printf ';\n'
    k=1
    for i in $(seq 1 "$nd"); do
      read -r col size a blur x0 y0 ax ay ph <<<"${discs[$((i - 1))]}"
      printf '%s' "[d$i]scale=$size:$size,$(tint "$col" "$a"),gblur=sigma=$blur,$LOOP,"
      printf '%s' "geq=r='r(X,Y)':g='g(X,Y)':b='b(X,Y)':a='alpha(X,Y)*(0.72+0.16*sin(3*$PT+$ph)+0.12*sin(7*$PT+2*$ph))'[ds$i];"
      printf '%s\n' "[l$k][ds$i]overlay=x='($x0+$ax*sin($P+$ph))*W-w/2':y='($y0+$ay*sin($P+1.7*$ph))*H-h/2':eval=frame:format=rgb[l$((k + 1))];"
      k=$((k + 1))
    done
    for i in $(seq 1 "$ne"); do
      read -r col size x0 y0 rise cyc ph <<<"${embers[$((i - 1))]}"
      printf '%s' "[e$i]scale=$size:$size,$(tint "$col"),$LOOP,"
      printf '%s' "geq=r='r(X,Y)':g='g(X,Y)':b='b(X,Y)':a='alpha(X,Y)*pow(sin(PI*mod($cyc*T/$DUR+$ph,1)),2)'[es$i];"
      printf '%s\n' "[l$k][es$i]overlay=x='($x0+0.015*sin(2*$P+6*$ph))*W-w/2':y='($y0-$rise*mod($cyc*t/$DUR+$ph,1))*H-h/2':eval=frame:format=rgb[l$((k + 1))];"
      k=$((k + 1))
    done
    printf '%s' "[l$k]format=gbrp[light];[bg][light]blend=all_mode=screen,format=gbrp[lit];"
    printf '%s' "[4]${LOOP}[veil];[lit][veil]overlay=format=rgb,format=yuv420p,eq=saturation=1.2,noise=alls=2:allf=u[out]"
  } >"$g"
  encode "$g" "$OUT/hero-3.mp4" 24 -i "$TMP/candle-bg.png" -i "$TMP/candle-glow.png" \
    -i "$TMP/bokeh.png" -i "$TMP/ember.png" -i "$TMP/veil3.png"
  poster "$OUT/hero-3.mp4" "$OUT/hero-3-poster.webp"
}

# --- 800x1000 illustrations for the cross-fading panel ---------------------------------------
images() {
  local i
  for i in 1 2 3; do
    rsvg "hero-image-$i" 800 1000
    cwebp -quiet -q 82 -m 6 -sharp_yuv "$TMP/hero-image-$i.png" -o "$OUT/hero-image-$i.webp"
  done
}

# --- favicon.svg (copied as-is) and the 180x180 apple-touch-icon ------------------------------
icons() {
  cp "$ART/favicon.svg" public/favicon.svg
  rsvg apple-touch-icon 180 180
  cp "$TMP/apple-touch-icon.png" public/apple-touch-icon.png
}

videos() {
  hero1
  hero2
  hero3
}

targets=("$@")
[[ ${#targets[@]} -gt 0 ]] || targets=(videos images icons)
for target in "${targets[@]}"; do
  case "$target" in
  videos | images | icons | hero1 | hero2 | hero3) "$target" ;;
  *)
    echo "unknown target: $target (videos|images|icons|hero1|hero2|hero3)" >&2
    exit 1
    ;;
  esac
done

ls -l "$OUT" public/favicon.svg public/apple-touch-icon.png 2>/dev/null || true
