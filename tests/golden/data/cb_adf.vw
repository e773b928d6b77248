shared 'u0 |s u0
0:0:0.5 |a i5 |f x:0.267
|a i1 |f x:0.578

0:-1:0.5 |a i2 |f x:0.107
|a i3 |f x:0.094

shared 'u2 |s u0
0:-1:0.333 |a i3 |f x:0.135
|a i1 |f x:0.426
|a i0 |f x:0.744

shared 'u3 |s u4
|a i5 |f x:0.176
0:0:0.5 |a i3 |f x:0.807

shared 'u4 |s u0
|a i0 |f x:0.71
|a i1 |f x:0.085
|a i3 |f x:0.529
|a i2 |f x:0.601

|a i1 |f x:0.733
0:-1:0.5 |a i3 |f x:0.68

shared 'u6 |s u2
|a i1 |f x:0.808
|a i2 |f x:0.623
0:-1:0.25 |a i3 |f x:0.788
|a i4 |f x:0.295

shared 'u7 |s u3
0:-1:0.5 |a i4 |f x:0.031
|a i1 |f x:0.064

shared 'u8 |s u1
|a i1 |f x:0.384
0:0:0.25 |a i3 |f x:0.722
|a i2 |f x:0.823
|a i0 |f x:0.447

shared 'u9 |s u1
|a i3 |f x:0.03
0:-1:0.333 |a i2 |f x:0.59
|a i4 |f x:0.513

shared 'u10 |s u1
|a i0 |f x:0.214
0:-1:0.5 |a i4 |f x:0.399

shared 'u11 |s u2
0:-1:0.333 |a i3 |f x:0.869
|a i4 |f x:0.303
|a i1 |f x:0.797

shared 'u12 |s u1
|a i4 |f x:0.182
0:0:0.333 |a i3 |f x:0.474
|a i1 |f x:0.072

shared 'u13 |s u3
|a i3 |f x:0.195
|a i0 |f x:0.803
|a i4 |f x:0.322
|a i2 |f x:0.367

shared 'u14 |s u1
|a i1 |f x:0.148
0:0:0.5 |a i5 |f x:0.655

shared 'u15 |s u2
|a i4 |f x:0.044
0:0:0.25 |a i1 |f x:0.327
|a i3 |f x:0.51
|a i2 |f x:0.184

shared 'u16 |s u0
|a i0 |f x:0.484
|a i1 |f x:0.754
0:-1:0.25 |a i2 |f x:0.803
|a i5 |f x:0.714

shared 'u17 |s u0
|a i4 |f x:0.752
0:-1:0.5 |a i2 |f x:0.372

shared 'u18 |s u1
|a i3 |f x:0.173
0:-1:0.333 |a i2 |f x:0.159
|a i1 |f x:0.315

shared 'u19 |s u2
|a i1 |f x:0.974
0:-1:0.5 |a i0 |f x:0.878

|a i5 |f x:0.346
0:-1:0.5 |a i2 |f x:0.168

shared 'u21 |s u4
|a i3 |f x:0.692
|a i2 |f x:0.904
0:-1:0.333 |a i4 |f x:0.246

shared 'u22 |s u0
|a i0 |f x:0.284
|a i1 |f x:0.926
|a i2 |f x:0.292
|a i4 |f x:0.286

0:-1:0.25 |a i2 |f x:0.374
|a i1 |f x:0.788
|a i3 |f x:0.6
|a i5 |f x:0.665

shared 'u24 |s u3
|a i1 |f x:0.611
0:0:0.5 |a i0 |f x:0.021

shared 'u25 |s u3
|a i4 |f x:0.857
0:-1:0.5 |a i5 |f x:0.622

shared 'u26 |s u3
0:-1:0.5 |a i4 |f x:0.087
|a i0 |f x:0.682

shared 'u27 |s u2
0:-1:0.333 |a i3 |f x:0.618
|a i2 |f x:0.923
|a i0 |f x:0.903

shared 'u28 |s u4
|a i3 |f x:0.956
|a i1 |f x:0.919
0:0:0.333 |a i2 |f x:0.899

shared 'u29 |s u4
0:-1:0.5 |a i5 |f x:0.184
|a i2 |f x:0.27

shared 'u30 |s u3
0:-1:0.5 |a i4 |f x:0.026
|a i1 |f x:0.662

|a i2 |f x:0.129
|a i1 |f x:0.252
|a i4 |f x:0.171

shared 'u32 |s u4
|a i0 |f x:0.705
|a i5 |f x:0.112
0:-1:0.333 |a i4 |f x:0.353

shared 'u33 |s u2
0:0:0.5 |a i1 |f x:0.948
|a i2 |f x:0.747

shared 'u34 |s u1
|a i4 |f x:0.478
0:0:0.5 |a i1 |f x:0.291

shared 'u35 |s u3
0:-1:0.333 |a i2 |f x:0.94
|a i3 |f x:0.023
|a i5 |f x:0.152

shared 'u36 |s u3
0:-1:0.5 |a i3 |f x:0.089
|a i2 |f x:0.288

|a i0 |f x:0.749
0:-1:0.5 |a i4 |f x:0.67

shared 'u38 |s u4
|a i4 |f x:0.229
0:-1:0.5 |a i5 |f x:0.099

shared 'u39 |s u1
0:0:0.5 |a i0 |f x:0.195
|a i3 |f x:0.958

|a i1 |f x:0.29
|a i3 |f x:0.397
|a i4 |f x:0.433

shared 'u41 |s u2
0:0:0.333 |a i1 |f x:0.782
|a i4 |f x:0.702
|a i5 |f x:0.867

shared 'u42 |s u0
|a i3 |f x:0.534
|a i2 |f x:0.139
0:0:0.333 |a i1 |f x:0.431

shared 'u43 |s u0
0:0:0.333 |a i4 |f x:0.148
|a i0 |f x:0.8
|a i5 |f x:0.662

shared 'u44 |s u4
|a i2 |f x:0.371
|a i3 |f x:0.227
0:-1:0.25 |a i5 |f x:0.07
|a i1 |f x:0.571

shared 'u45 |s u0
|a i3 |f x:0.127
|a i0 |f x:0.533
|a i4 |f x:0.608
0:-1:0.25 |a i2 |f x:0.917

shared 'u46 |s u3
|a i0 |f x:0.612
0:-1:0.25 |a i5 |f x:0.685
|a i1 |f x:0.185
|a i3 |f x:0.712

shared 'u47 |s u3
0:0:0.5 |a i0 |f x:0.985
|a i5 |f x:0.12

shared 'u48 |s u2
|a i2 |f x:0.276
0:-1:0.333 |a i0 |f x:0.45
|a i1 |f x:0.465

shared 'u49 |s u3
|a i3 |f x:0.037
|a i0 |f x:0.475
|a i4 |f x:0.596

shared 'u50 |s u4
|a i1 |f x:0.916
|a i2 |f x:0.699
0:-1:0.333 |a i0 |f x:0.264

shared 'u51 |s u3
0:-1:0.5 |a i2 |f x:0.219
|a i4 |f x:0.656

shared 'u52 |s u1
0:0:0.333 |a i1 |f x:0.269
|a i0 |f x:0.755
|a i4 |f x:0.643

shared 'u53 |s u2
0:-1:0.5 |a i0 |f x:0.752
|a i3 |f x:0.967

shared 'u54 |s u2
0:0:0.333 |a i2 |f x:0.109
|a i4 |f x:0.914
|a i3 |f x:0.756

shared 'u55 |s u4
0:-1:0.25 |a i5 |f x:0.541
|a i2 |f x:0.018
|a i0 |f x:0.864
|a i4 |f x:0.464

shared 'u56 |s u2
|a i1 |f x:0.995
|a i4 |f x:0.081
0:0:0.333 |a i5 |f x:0.355

shared 'u57 |s u0
|a i4 |f x:0.813
0:-1:0.5 |a i1 |f x:0.671

|a i2 |f x:0.169
|a i4 |f x:0.397

shared 'u59 |s u4
0:0:0.333 |a i3 |f x:0.925
|a i4 |f x:0.527
|a i2 |f x:0.709

shared 'u60 |s u3
0:-1:0.25 |a i4 |f x:0.105
|a i0 |f x:0.644
|a i3 |f x:0.066
|a i2 |f x:0.132

shared 'u61 |s u0
0:0:0.5 |a i5 |f x:0.432
|a i1 |f x:0.263

|a i1 |f x:0.897
0:0:0.5 |a i5 |f x:0.494

shared 'u63 |s u4
|a i1 |f x:0.068
|a i0 |f x:0.918
0:-1:0.25 |a i5 |f x:0.757
|a i2 |f x:0.214

shared 'u64 |s u2
0:0:0.5 |a i5 |f x:0.589
|a i0 |f x:0.416

shared 'u65 |s u3
|a i1 |f x:0.989
|a i2 |f x:0.38
|a i5 |f x:0.194
0:-1:0.25 |a i3 |f x:0.092

shared 'u66 |s u0
|a i2 |f x:0.376
|a i3 |f x:0.441
0:0:0.333 |a i0 |f x:0.23

shared 'u67 |s u0
|a i4 |f x:0.154
|a i5 |f x:0.8
|a i2 |f x:0.174
|a i0 |f x:0.822

shared 'u68 |s u1
|a i0 |f x:0.53
|a i1 |f x:0.411
|a i2 |f x:0.239
0:0:0.25 |a i4 |f x:0.161

shared 'u69 |s u1
0:0:0.333 |a i4 |f x:0.868
|a i5 |f x:0.294
|a i2 |f x:0.023

shared 'u70 |s u2
|a i3 |f x:0.669
0:0:0.5 |a i5 |f x:0.717

shared 'u71 |s u1
|a i5 |f x:0.932
|a i3 |f x:0.175
0:0:0.333 |a i1 |f x:0.807

shared 'u72 |s u1
|a i4 |f x:0.599
0:0:0.333 |a i1 |f x:0.141
|a i3 |f x:0.096

|a i2 |f x:0.383
|a i1 |f x:0.695
|a i4 |f x:0.223
0:0:0.25 |a i5 |f x:0.446

|a i3 |f x:0.836
|a i0 |f x:0.497
0:-1:0.333 |a i2 |f x:0.6

|a i0 |f x:0.219
0:0:0.333 |a i5 |f x:0.611
|a i3 |f x:0.822

|a i0 |f x:0.585
|a i5 |f x:0.935

shared 'u77 |s u2
0:0:0.5 |a i1 |f x:0.589
|a i5 |f x:0.786

shared 'u78 |s u1
0:-1:0.333 |a i4 |f x:0.745
|a i1 |f x:0.48
|a i3 |f x:0.483

shared 'u79 |s u3
|a i2 |f x:0.644
|a i1 |f x:0.493
0:-1:0.25 |a i3 |f x:0.725
|a i5 |f x:0.466

shared 'u80 |s u0
0:0:0.333 |a i0 |f x:0.67
|a i5 |f x:0.051
|a i4 |f x:0.125

shared 'u81 |s u0
|a i4 |f x:0.442
0:0:0.5 |a i5 |f x:0.649

shared 'u82 |s u3
0:-1:0.5 |a i4 |f x:0.34
|a i0 |f x:0.307

shared 'u83 |s u3
|a i1 |f x:0.823
0:-1:0.5 |a i2 |f x:0.057

shared 'u84 |s u2
|a i4 |f x:0.289
0:-1:0.333 |a i0 |f x:0.889
|a i5 |f x:0.035

shared 'u85 |s u0
|a i5 |f x:0.185
|a i4 |f x:0.304

shared 'u86 |s u2
0:0:0.333 |a i5 |f x:0.946
|a i0 |f x:0.042
|a i1 |f x:0.286

shared 'u87 |s u2
|a i1 |f x:0.806
0:-1:0.25 |a i0 |f x:0.558
|a i4 |f x:0.96
|a i2 |f x:0.96

shared 'u88 |s u4
|a i2 |f x:0.23
0:0:0.5 |a i1 |f x:0.612

shared 'u89 |s u4
0:0:0.333 |a i1 |f x:0.042
|a i5 |f x:0.995
|a i3 |f x:0.69
