"""The table of VW command lines run by scripts/bench/vw_compat.sh (issue 15).

Each row: (name, VW's arguments, source, the issue-15 flags it covers). Arguments are VW's own,
with paths relative to VW's test folder (train-sets/, test-sets/, models/ ...), run in order in
one work folder per tool, so a row may read a model an earlier row wrote (as VW's test suite
does). Sources: "core.vwtest.json #N" is test N of VW 9.11's test/core.vwtest.json; "demo/..."
a VW demo, with its data swapped for a test set; "--help" a flag used as VW's --help text
describes it, on a VW test set (VW's test suite has no command line for that flag).
"""

import json
import os
import re

TEST_SUITE = "core.vwtest.json #"  # a source naming VW's test N

COMMANDS = [
    # Core flags: update rules, losses, passes and cache, interactions, multiclass.
    ("t1", "-k -l 20 --initial_t 128000 --power_t 1 -d train-sets/0001.dat -f models/0001_1.model -c --passes 8 "
           "--invariant --ngram 3 --skips 1 --holdout_off", "core.vwtest.json #1", "ngram skips"),
    ("t2", "-k -t -d train-sets/0001.dat -i models/0001_1.model -p 0001.predict --invariant",
     "core.vwtest.json #2", "core"),
    ("t3", "-k -d train-sets/0002.dat -f models/0002.model --invariant", "core.vwtest.json #3", "core"),
    ("t5", "-k --initial_t 1 --adaptive --invariant -q Tf -q ff -f models/0002a.model -d train-sets/0002.dat",
     "core.vwtest.json #5", "core"),
    ("t6", "-k -t -i models/0002.model -d train-sets/0002.dat -p 0002b.predict", "core.vwtest.json #6", "core"),
    ("t7", "-k --power_t 0.45 -f models/0002c.model -d train-sets/0002.dat", "core.vwtest.json #7", "core"),
    ("t11", "-k --oaa 10 -c --passes 10 -d train-sets/multiclass --holdout_off", "core.vwtest.json #11", "core"),
    ("t21", "-k -c -f models/xxor.model -d train-sets/xxor.dat --cubic abc --passes 100 --holdout_off "
            "--progress 1.33333", "core.vwtest.json #21", "P"),
    ("t53", "-k -c --passes 2 -d train-sets/0001.dat", "core.vwtest.json #53", "core"),
    ("t130", "-d train-sets/poisson_small.dat -f models/poisson.model --loss_function poisson --link poisson -b 2 "
             "-p poisson.train.predict", "core.vwtest.json #130", "core"),
    ("t509", "-d train-sets/multi_namespace.dat --keep A --keep B -p keep_test.predict", "core.vwtest.json #509",
     "core"),
    ("t531", "--loss_function hinge -d train-sets/0002_25.dat -p hinge_loss.predict -b 7", "core.vwtest.json #531",
     "core"),
    ("t537", "--loss_function quantile --quantile_tau 0.5 -d train-sets/0002_25.dat -p quantile_loss.predict -b 7",
     "core.vwtest.json #537", "core"),
    ("t538", "--loss_function quantile --quantile_tau 0.25 -d train-sets/0002_25.dat -p quantile_loss_025.predict "
             "-b 7", "core.vwtest.json #538", "core"),
    ("t567", "-d train-sets/0002.dat -q ab --permutations", "core.vwtest.json #567", "core"),
    ("t568", "-d train-sets/0002.dat --cubic abc", "core.vwtest.json #568", "core"),
    ("t576", "-d train-sets/0002.dat -q :: --noconstant", "core.vwtest.json #576", "core"),
    ("t578", "--loss_function hinge -d train-sets/0002.dat", "core.vwtest.json #578", "core"),
    ("t579", "--loss_function poisson -d train-sets/0002.dat", "core.vwtest.json #579", "core"),
    ("t680", "--l1 0.001 --l2 0.001 -d train-sets/0002_25.dat", "core.vwtest.json #680", "core"),
    ("t724", "-d train-sets/0002_25.dat --min_prediction 0.0 --max_prediction 1.0", "core.vwtest.json #724", "core"),
    # Item 1: feature generation.
    ("t29", "-d train-sets/affix_test.dat -k -c --passes 10 --holdout_off --affix -2", "core.vwtest.json #29",
     "affix"),
    ("t641", "--affix -2 -d train-sets/affix_test.dat", "core.vwtest.json #641", "affix"),
    ("t707", "--affix -1 -d train-sets/0001_25.dat", "core.vwtest.json #707", "affix"),
    ("spelling", "--spelling _ -d train-sets/0001_25.dat", "--help (--spelling; VW's unit tests use '_')",
     "spelling"),
    ("t65", "-k -c -d train-sets/dictionary_test.dat --binary --ignore w --holdout_off --passes 32 "
            "--dictionary w:dictionary_test.dict --dictionary w:dictionary_test.dict.gz --dictionary_path train-sets",
     "core.vwtest.json #65", "dictionary"),
    ("t81", "-k -d train-sets/0080.dat --redefine := --redefine y:=: --redefine x:=arma --ignore x -q yy",
     "core.vwtest.json #81", "redefine"),
    ("t164", "--hash_seed 5 -d train-sets/rcv1_mini.dat --holdout_off --passes 2 -f hash_seed5.model -c -k "
             "--ngram 2 -q ::", "core.vwtest.json #164", "ngram"),
    ("t594", "-q :: --leave_duplicate_interactions -d train-sets/0002_25.dat", "core.vwtest.json #594",
     "leave_duplicate_interactions"),
    ("t645", "-q ab -q ba --leave_duplicate_interactions -d train-sets/interact.dat --audit", "core.vwtest.json #645",
     "leave_duplicate_interactions audit"),
    # Item 2: audit.
    ("t135", "--audit -d train-sets/audit.dat --noconstant", "core.vwtest.json #135", "audit"),
    ("t204", "-c -k --passes 2 -d train-sets/cache_interaction_audit.txt -q st --audit", "core.vwtest.json #204",
     "audit"),
    ("t708", "--affix -1 --audit -d train-sets/0001_25.dat -P 1", "core.vwtest.json #708", "affix audit P"),
    ("t616", "-d train-sets/0001_25.dat -i models/0001_1.model --audit_regressor audit_output.txt",
     "core.vwtest.json #616", "audit_regressor"),
    ("t30", "-d train-sets/0001.dat -f models/mask.model --invert_hash mask.predict --l1 0.01 --predict_only_model",
     "core.vwtest.json #30", "invert_hash"),
    # Item 3: input formats.
    ("t141", "-k -l 20 --initial_t 128000 --power_t 1 -d train-sets/0001.json --json --chain_hash -c --passes 8 "
             "--invariant --ngram 3 --skips 1 --holdout_off", "core.vwtest.json #141", "json chain_hash ngram"),
    ("t722", "--json --chain_hash -d train-sets/0001_25.json", "core.vwtest.json #722", "json chain_hash"),
    ("t176", "--dsjson --chain_hash --cb_adf -d train-sets/no_shared_features.json", "core.vwtest.json #176",
     "dsjson (bandit content: out of scope)"),
    ("t555", "--csv -d train-sets/csv_test.csv -p csv_test.predict", "core.vwtest.json #555", "csv"),
    ("t611", "--csv --csv_no_file_header --csv_header label,a,b,c -d train-sets/csv_test.csv",
     "core.vwtest.json #611", "csv csv_header"),
    ("t690", "--csv --csv_separator ; -d train-sets/csv_tab.csv", "core.vwtest.json #690", "csv csv_separator"),
    ("t691", "--csv --csv_no_file_header --csv_header label,feat_a,feat_b,feat_c -d train-sets/csv_no_header.csv",
     "core.vwtest.json #691", "csv csv_header"),
    ("t692", "--csv --csv_ns_value feature_a:0.5,feature_b:2.0 -d train-sets/csv_test.csv", "core.vwtest.json #692",
     "csv csv_ns_value"),
    ("t693", "--csv -d train-sets/csv_quoted.csv", "core.vwtest.json #693", "csv"),
    # Item 4: weights and driver options.
    ("t490", "--initial_weight 0.5 -d train-sets/0002_25.dat -p initial_weight_05.predict", "core.vwtest.json #490",
     "initial_weight"),
    ("t586", "-d train-sets/0002.dat --initial_weight 0.5", "core.vwtest.json #586", "initial_weight"),
    ("t491", "--random_weights --random_seed 42 -d train-sets/0002_25.dat -p random_weights.predict",
     "core.vwtest.json #491", "random_weights"),
    ("t492", "--normal_weights --random_seed 42 -d train-sets/0002_25.dat -p normal_weights.predict",
     "core.vwtest.json #492", "normal_weights"),
    ("t493", "--truncated_normal_weights --random_seed 42 -d train-sets/0002_25.dat -p truncated_normal_weights.predict",
     "core.vwtest.json #493", "truncated_normal_weights"),
    ("sparse", "--sparse_weights -d train-sets/0002.dat", "--help (--sparse_weights)", "sparse_weights"),
    ("t31", "-d train-sets/0001.dat --invert_hash remask.predict --feature_mask models/mask.model "
            "-f models/remask.model --predict_only_model", "core.vwtest.json #31", "feature_mask invert_hash"),
    ("t32", "-d train-sets/0001.dat --feature_mask models/mask.model -i models/remask.model", "core.vwtest.json #32",
     "feature_mask"),
    ("t35", "-k --passes 100 -c --holdout_off --constant 1000 -d train-sets/big-constant.dat", "core.vwtest.json #35",
     "constant"),
    ("t202", "--classweight -1:0.5 --no_stdin", "core.vwtest.json #202", "no_stdin classweight"),
    ("t193", "-d train-sets/malformed.dat --onethread", "core.vwtest.json #193", "onethread"),
    ("t511", "--onethread -d train-sets/0001_25.dat -p onethread.predict -b 7", "core.vwtest.json #511", "onethread"),
    ("queue", "--example_queue_limit 7 -d train-sets/0002.dat", "--help (--example_queue_limit; #199 uses 7)",
     "example_queue_limit"),
    ("t581", "--noop -d train-sets/0002.dat", "core.vwtest.json #581", "noop"),
    ("t484", "--print -d train-sets/regression_small.txt", "core.vwtest.json #484", "print"),
    ("t36", "-k -d train-sets/0001.dat --progress 10", "core.vwtest.json #36", "P"),
    ("t37", "-k -d train-sets/0001.dat -P 0.5", "core.vwtest.json #37", "P"),
    ("t155", "-d train-sets/0001.dat -f models/sr.model --passes 2 -c -k -P 50", "core.vwtest.json #155", "P"),
    ("t184", "-k -P 100 --holdout_after 500 -d train-sets/0002.dat", "core.vwtest.json #184", "P"),
    ("kcache", "-k -c --kill_cache -d train-sets/0002.dat", "issue 15 item 4 (repeated identical flags)",
     "repeated flags"),
    ("version", "--version", "core.vwtest.json (VW's --version)", "version"),
    # Item 5: label options.
    ("t86", "--named_labels det,noun,verb --oaa 3 -d train-sets/test_named -k -c --passes 10 --holdout_off "
            "-f models/test_named.model", "core.vwtest.json #86", "named_labels"),
    ("t88", "--named_labels det,noun,verb --csoaa 3 -d train-sets/test_named_csoaa -k -c --passes 10 --holdout_off "
            "-f models/test_named_csoaa.model", "core.vwtest.json #88", "named_labels"),
    ("t639", "--csoaa 3 -d train-sets/cs_test --named_labels animal,plant,mineral", "core.vwtest.json #639",
     "named_labels"),
    ("t647", "--oaa 3 --named_labels cat,dog,bird -d train-sets/multiclass", "core.vwtest.json #647", "named_labels"),
    ("t358", "-d train-sets/probabilities_zero_ind.dat --probabilities --oaa=4 --loss_function=logistic "
             "-p oaa_zero_ind_probabilities.predict --indexing 0", "core.vwtest.json #358", "indexing"),
    ("t373", "-d train-sets/csoaa_1_ind.dat --csoaa 4 -p csoaa_1_ind.predict --indexing 1", "core.vwtest.json #373",
     "indexing"),
    ("t375", "-d train-sets/csoaa_1_ind.dat --csoaa 4 --indexing 0", "core.vwtest.json #375", "indexing"),
    ("t83", "--multilabel_oaa 10 -d train-sets/multilabel -p multilabel.predict", "core.vwtest.json #83",
     "multilabel_oaa"),
    ("t572", "--multilabel_oaa 5 -d train-sets/multilabel", "core.vwtest.json #572", "multilabel_oaa"),
    ("t159", "-d train-sets/0001.dat --classweight 1:2,0:3.1,-1:5", "core.vwtest.json #159", "classweight"),
    ("t160", "--oaa 10 -d train-sets/multiclass --classweight 4:0,7:0.1,2:10 --classweight 10:3",
     "core.vwtest.json #160", "classweight"),
    # Item 6: VW's dyadic spellings.
    ("t22", "-k -d train-sets/ml100k_small_train -b 16 -q ui --rank 10 --l2 2e-6 --learning_rate 0.05 --passes 2 "
            "--decay_learning_rate 0.97 --power_t 0 -f models/movielens.reg -c --loss_function classic --holdout_off",
     "core.vwtest.json #22", "rank"),
    ("t23", "-i models/movielens.reg -t -d test-sets/ml100k_small_test", "core.vwtest.json #23", "rank"),
    ("t525", "--rank 5 --audit -d train-sets/ml100k_small_train -p gd_mf_audit.predict -b 7", "core.vwtest.json #525",
     "rank audit"),
    ("t601", "--rank 5 -d train-sets/0002_25.dat", "core.vwtest.json #601", "rank"),
    ("t78", "--lrq aa3 -d train-sets/0080.dat", "core.vwtest.json #78", "lrq"),
    ("lrq", "--loss_function quantile -l 0.1 -b 24 --passes 100 -k -c --holdout_off --power_t 0.333 --l2 1.25e-7 "
            "--lrq ui7 --adaptive --invariant -d train-sets/ml100k_small_train",
     "demo/movielens/Makefile lrq.results (ml100k_small_train, namespaces u i)", "lrq"),
    ("lrqdropout", "--loss_function quantile -l 0.45 -b 24 --passes 100 -k -c --holdout_off --lrq ui14 --lrqdropout "
                   "--adaptive --invariant -d train-sets/ml100k_small_train",
     "demo/movielens/Makefile lrqdropout.results (ml100k_small_train, namespaces u i)", "lrq lrqdropout"),
    ("t149", "--lrqfa aa3 -d train-sets/0080.dat", "core.vwtest.json #149", "lrqfa"),
    ("t410", "-d train-sets/lrqfa_nn.dat --lrqfa abc2 --link logistic --loss_function logistic",
     "--help (VW test 410's command without --nn 10)", "lrqfa"),
    ("lrqfa", "--loss_function quantile -l 0.1 -b 24 --passes 100 -k -c --holdout_off --power_t 0.333 --l2 1.25e-7 "
              "--lrqfa ui7 --adaptive --invariant -d train-sets/ml100k_small_train",
     "demo/movielens/Makefile lrq.results with --lrqfa ui7 for --lrq ui7 (--help)", "lrqfa"),
    ("lrqdropout1", "--lrq ui4 --lrqdropout -d train-sets/ml100k_small_train",
     "--help (--lrqdropout on the movielens demo's data, one pass)", "lrq lrqdropout"),
    # Issue 29: layers between the learner and the reduction (--bootstrap, --boosting), VW's every suite case.
    ("t25", "-k -d train-sets/0002.dat -f models/bs.reg.model --bootstrap 4 -p bs.reg.predict",
     "core.vwtest.json #25", "bootstrap"),
    ("t27", "-d train-sets/0001.dat -f models/bs.vote.model --bootstrap 4 --bs_type vote -p bs.vote.predict",
     "core.vwtest.json #27", "bootstrap bs_type"),
    ("t143", "--bootstrap 2 -d train-sets/labeled-unlabeled-mix.dat", "core.vwtest.json #143", "bootstrap"),
    ("t157", "-d train-sets/rcv1_mini.dat --bootstrap 5 --binary -c -k --passes 2", "core.vwtest.json #157",
     "bootstrap"),
    ("t158", "-d train-sets/multiclass --bootstrap 4 --oaa 10 -q :: --leave_duplicate_interactions -c -k --passes 2 "
             "--holdout_off -P1", "core.vwtest.json #158", "bootstrap"),
    ("t569", "--bootstrap 5 --bs_type mean -d train-sets/0002.dat", "core.vwtest.json #569", "bootstrap bs_type"),
    ("t570", "--bootstrap 5 --bs_type vote -d train-sets/0002.dat", "core.vwtest.json #570", "bootstrap bs_type"),
    ("t602", "--boosting 3 -d train-sets/0002_25.dat", "core.vwtest.json #602", "boosting"),
    ("t654", "--boosting 5 --alg logistic -d train-sets/0002_25.dat", "core.vwtest.json #654", "boosting alg"),
    ("t655", "--boosting 5 --alg adaptive -d train-sets/0002_25.dat", "core.vwtest.json #655", "boosting alg"),
    ("t656", "--boosting 3 --alg logistic -d train-sets/0002_25.dat -f models/boosting_logistic.vw",
     "core.vwtest.json #656", "boosting alg"),
    ("t657", "--boosting 3 --alg logistic -d train-sets/0002_25.dat -t -i models/boosting_logistic.vw",
     "core.vwtest.json #657", "boosting alg"),
    ("t658", "--boosting 5 --alg adaptive -d train-sets/0002_25.dat -k -c --passes 3 --holdout_off",
     "core.vwtest.json #658", "boosting alg"),
    ("t659", "--boosting 5 --alg BBM --gamma 0.5 -d train-sets/0002_25.dat", "core.vwtest.json #659",
     "boosting alg gamma"),
    # Issue 29: multi-line examples (label-dependent features), VW's every suite case with --csoaa_ldf,
    # --wap_ldf or --csoaa_rank (46 needs --search, 241 --flatbuffer; 593 gives --csoaa_rank without ldf).
    ("t9", "-k -c -d train-sets/cs_test.ldf -p cs_test.ldf.csoaa.predict --passes 10 --invariant --csoaa_ldf multiline "
           "--holdout_off --noconstant", "core.vwtest.json #9", "csoaa_ldf"),
    ("t10", "-k -c -d train-sets/cs_test.ldf -p cs_test.ldf.wap.predict --passes 10 --invariant --wap_ldf multiline "
            "--holdout_off --noconstant", "core.vwtest.json #10", "wap_ldf"),
    ("t46", "-k -c -d train-sets/sequence_data --passes 20 --search_rollout ref --search_alpha 1e-8 --search_task "
            "sequence_demoldf --csoaa_ldf m --search 5 --holdout_off -f models/sequence_data.ldf.model --noconstant",
     "core.vwtest.json #46", "csoaa_ldf search"),
    ("t57", "-c -k -d train-sets/library_train -f models/library_train.w -q st --passes 100 --hash all --noconstant "
            "--csoaa_ldf m --holdout_off", "core.vwtest.json #57", "csoaa_ldf"),
    ("t84", "--csoaa_ldf multiline --csoaa_rank -d train-sets/cs_test_multilabel.ldf -p multilabel_ldf.predict "
            "--noconstant -P 1", "core.vwtest.json #84", "csoaa_ldf csoaa_rank"),
    ("t108", "-d train-sets/cs_test.ldf --probabilities --csoaa_ldf=mc --loss_function=logistic "
             "-p csoaa_ldf_probabilities.predict", "core.vwtest.json #108", "csoaa_ldf probabilities"),
    ("t241", "-k -d train-sets/cs.fb --invariant --csoaa_ldf multiline --flatbuffer", "core.vwtest.json #241",
     "csoaa_ldf flatbuffer"),
    ("t339", "-d train-sets/cs_shared.ldf --csoaa_ldf m", "core.vwtest.json #339", "csoaa_ldf shared"),
    ("t353", "-d train-sets/cs_test.ldf --probabilities --csoaa_ldf=mc --loss_function=logistic "
             "-p csoaa_ldf_probabilities.predict --link logistic", "core.vwtest.json #353", "csoaa_ldf probabilities"),
    ("t377", "-d train-sets/csoaa_ldf_shared.dat --csoaa_ldf m --audit", "core.vwtest.json #377", "csoaa_ldf audit"),
    ("t378", "-d train-sets/csoaa_ldf_shared.dat --csoaa_ldf m --noconstant --audit", "core.vwtest.json #378",
     "csoaa_ldf audit"),
    ("t414", "--csoaa_ldf=m -d train-sets/csoaa_ldf_multiline_with_shared.txt -q ua "
             "-p csoaa_ldf_multiline_with_shared.predict", "core.vwtest.json #414", "csoaa_ldf shared"),
    ("t510", "-k -c -d train-sets/cs_test.ldf -p csoaa_ldf_audit.predict --passes 5 --csoaa_ldf multiline "
             "--holdout_off --noconstant --audit", "core.vwtest.json #510", "csoaa_ldf audit"),
    ("t592", "--wap_ldf m -d train-sets/cs_test.ldf", "core.vwtest.json #592", "wap_ldf"),
    ("t593", "--csoaa 3 --csoaa_rank -d train-sets/multiclass", "core.vwtest.json #593", "csoaa_rank"),
    ("t709", "--csoaa_ldf m -d train-sets/csoaa_ldf_shared.dat", "core.vwtest.json #709", "csoaa_ldf shared"),
    ("t710", "--csoaa_ldf m --audit --noconstant -d train-sets/csoaa_ldf_shared.dat -P 1", "core.vwtest.json #710",
     "csoaa_ldf audit"),
]

# Issue 31: contextual bandits. Every case of VW's suite whose command uses a contextual-bandit flag
# (CB_FLAGS: --cb, --cb_adf, --cb_explore(_adf), --cbify, --cbzo, --cb_dro, ..., --explore_eval,
# --warm_cb) is a row "cbN" (N: the suite's test number), read from the suite's own
# core.vwtest.json when the test folder has one (suite_rows), so the census covers them all;
# ONLY="cb256 cb257" runs a chosen few.
CB_FLAGS = re.compile(r"--cb|--explore_eval|--warm_cb")


def suite_rows(test_dir, pattern=CB_FLAGS, prefix="cb"):
    """Rows (name, args, source, covers) for the suite cases whose command matches `pattern`."""
    listing = os.path.join(test_dir, "core.vwtest.json")
    if not os.path.exists(listing):
        return []
    with open(listing) as f:
        tests = json.load(f)
    rows = []
    for t in tests:
        cmd = t.get("vw_command", "")
        if pattern.search(cmd):
            flags = " ".join(sorted({m for m in re.findall(r"--(cb\w*|explore_eval|warm_cb)", cmd)}))
            rows.append((f"{prefix}{t['id']}", cmd, f"{TEST_SUITE}{t['id']}", flags))
    return rows
