# mcc_random.awk - random inputs with multiplicities (bounds 0..4 on
# primary items) and colors on secondary items, in Knuth's format, for
# mcc_knuth.sh and mcc_jobs.sh.  Variables (awk -v):
#   seed, dir    srand's seed; the files dir/r1.dlx .. dir/rN.dlx
#   n            how many inputs
#   np0, npr     primary items: np0 + a random 0..npr-1
#   no0, nor     options: no0 + a random 0..nor-1
#   lor          the lower bound: a random 0..lor-1 (the upper: lo + 0..2,
#                1 at least, 4 at most)
#   pin          the chance that an option holds a primary item
#   bounded      1: the first item's bounds are never 1:1, so that the
#                input is not plain exact cover (Algorithm M runs)
BEGIN {
    srand(seed)
    for (t = 1; t <= n; t++) {
        f = dir "/r" t ".dlx"
        np = np0 + int(rand() * npr); ns = int(rand() * 4)
        no = no0 + int(rand() * nor); line = ""
        for (i = 0; i < np; i++) {
            lo = int(rand() * lor); hi = lo + int(rand() * 3)
            if (hi == 0) hi = 1
            if (hi > 4) hi = 4
            if (bounded && i == 0 && lo == 1 && hi == 1) hi = 2
            line = line (i ? " " : "") lo ":" hi "|p" i
        }
        if (ns) {
            line = line " |"
            for (j = 0; j < ns; j++) line = line " s" j
        }
        print line > f
        for (o = 0; o < no; o++) {
            opt = ""
            for (i = 0; i < np; i++)
                if (rand() < pin || (i == np - 1 && opt == ""))
                    opt = opt " p" i
            for (j = 0; j < ns; j++) {
                r = rand()
                if (r < 0.3) opt = opt " s" j
                else if (r < 0.6) opt = opt " s" j ":" (r < 0.45 ? "a" : "b")
            }
            print substr(opt, 2) > f
        }
        close(f)
    }
}
