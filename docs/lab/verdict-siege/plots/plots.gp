set terminal pngcairo size 1200,600 noenhanced
set datafile separator whitespace
names = "original max-eyes-1 max-edges-1 enclosure-capture enclosure-points enclosure-points-opponent enclosure-smaller-group enclosure-smaller-group-area enclosure-mover-priority smaller-group-only mover-priority no-capture-limit no-capture-limit=30 no-capture-limit=120 no-capture-limit=240 no-capture-limit=480 no-capture-limit-per-piece no-capture-limit-per-piece=2 no-capture-limit-per-piece=4 drop-prisoners cylinder torus "
set output 'draw_rate.png'
set title 'Agent-vs-agent draw rate (Wilson 95 % intervals; left point 1x budget, right point the largest)'
set yrange [0:1.05]
set xtics rotate by -30
set xrange [-0.6:21.6]
set xtics (word(names,1) 0,word(names,2) 1,word(names,3) 2,word(names,4) 3,word(names,5) 4,word(names,6) 5,word(names,7) 6,word(names,8) 7,word(names,9) 8,word(names,10) 9,word(names,11) 10,word(names,12) 11,word(names,13) 12,word(names,14) 13,word(names,15) 14,word(names,16) 15,word(names,17) 16,word(names,18) 17,word(names,19) 18,word(names,20) 19,word(names,21) 20,word(names,22) 21)
plot 'draws.dat' using 1:3:4:5 with yerrorbars pt 7 title 'draw rate'
set output 'draw_vs_budget.png'
set title 'Draw rate against search budget (simulations per decision)'
set xtics auto norotate
set xrange [*:*]
set logscale x 2
set key outside right
plot for [i=0:21] 'draw_vs_budget.dat' index i using 1:2 with linespoints title word(names,i+1)
unset logscale x
set output 'game_length.png'
set title 'Game length (plies), agent vs agent at the largest budget'
set yrange [0:*]
set key off
set xrange [-0.6:21.6]
set xtics rotate by -30 (word(names,1) 0,word(names,2) 1,word(names,3) 2,word(names,4) 3,word(names,5) 4,word(names,6) 5,word(names,7) 6,word(names,8) 7,word(names,9) 8,word(names,10) 9,word(names,11) 10,word(names,12) 11,word(names,13) 12,word(names,14) 13,word(names,15) 14,word(names,16) 15,word(names,17) 16,word(names,18) 17,word(names,19) 18,word(names,20) 19,word(names,21) 20,word(names,22) 21)
plot for [i=0:21] 'lengths.dat' index i using (i):1:(0.5) with boxplot
