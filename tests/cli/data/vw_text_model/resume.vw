1 |a x:1 y:2
0 |a x:2 z:1
1 2 |a y:0.5 z:3
0.5 |b w:1 |a x:1
|a x:3
