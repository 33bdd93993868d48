# The ladder's ratings; `gnuplot ratings.gp` redraws ratings.png.tmp
set terminal pngcairo size 900,200 noenhanced
set output 'ratings.png.tmp'
set title 'Elo with 95 % intervals (zoo:steere-inchworm:sims=64 = 0)'
set xlabel 'Elo'
set grid xtics
set key off
set yrange [-0.7:1.7]
plot 'ratings.dat' using 2:1:3:4:ytic(5) with xerrorbars pt 7 lc rgb '#1f77b4'
