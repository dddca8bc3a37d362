#!/usr/bin/env python3
"""Recompute bdb's per-player figures from a Parquet export of the decisions table with Ray Data.

    python scripts/ray-check.py DECISIONS.parquet [MORE.parquet | DIR | s3://bucket/prefix ...] \
        [--bdb-json STATS.json] [--address ADDR] [--num-cpus N]

Reads the `decisions` rows (one row per decision: player, kind, counted, error, mwc_loss), keeps
the counted ones, groups by player and sums. Every figure of spec/metrics.md §2.1 is a sum over
decisions, so the aggregation is exact whatever the partitioning:

    N      = count of counted decisions            (per kind: checker, double, take)
    E      = Σ error                                errorEmg (EMG), PR = 500 · E / N
    M      = Σ mwc_loss                             lossMwcPct = 100 · M

With --bdb-json (the output of `bdb stats --json` on the same matches) every player's figures are
compared with bdb's: counts exactly, sums within a relative tolerance of 1e-9 (floating-point sums
taken in another order). Exit status 0 when every player matches, 1 on any mismatch or a player
missing on one side, 2 on a usage or input error. Without --bdb-json the figures are printed only
(the job itself, e.g. on a multi-node cluster: see docs/distributed.md).

Without --address (or RAY_ADDRESS) a local Ray cluster is started with --num-cpus CPUs (default 2)
and shut down at the end; with it, the job runs on that existing cluster.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import sys
import time
import unicodedata

# No usage reporting from a machine that may have no network.
os.environ.setdefault("RAY_USAGE_STATS_ENABLED", "0")

KINDS = ("checker", "double", "take")
REL_TOL = 1e-9
# Sums that are exactly 0 on one side (a kind whose errors are all 0) need an absolute floor.
ABS_TOL = 1e-12
COLUMNS = ["player", "kind", "counted", "error", "mwc_loss"]


def parse_args(argv: list[str]) -> argparse.Namespace:
    p = argparse.ArgumentParser(
        description="Per-player PR, equity and MWC lost and decision counts from a Parquet "
        "export of bdb's decisions table, computed with Ray Data and compared with `bdb stats --json`."
    )
    p.add_argument("parquet", nargs="+", help="Parquet files or folders (local, s3://, gs://, ...)")
    p.add_argument("--bdb-json", help="output of `bdb stats --json` for the same matches")
    p.add_argument("--address", help="an existing Ray cluster (default: RAY_ADDRESS, else a local one)")
    p.add_argument("--num-cpus", type=int, default=2, help="CPUs of the local cluster (default 2)")
    p.add_argument("--json-out", help="also write Ray's per-player figures to this JSON file")
    return p.parse_args(argv)


# ---------------------------------------------------------------------------------------------
# The Ray job


def derive(batch):
    """Counted decisions only, with one 0/1 count and one summand column per kind.

    Column sums then give every figure in a single groupby; a row contributes 0 to the columns of
    the other kinds. `mwc_known` counts counted decisions that carry an MWC loss (match play)."""
    import pyarrow as pa
    import pyarrow.compute as pc

    batch = batch.filter(pc.equal(batch.column("counted"), True))
    kind = batch.column("kind")
    error = pc.fill_null(pc.cast(batch.column("error"), pa.float64()), 0.0)
    mwc = batch.column("mwc_loss")
    mwc0 = pc.fill_null(pc.cast(mwc, pa.float64()), 0.0)
    cols = {
        "player": batch.column("player"),
        "error": error,
        "mwc_loss": mwc0,
        "mwc_known": pc.cast(pc.is_valid(mwc), pa.int64()),
    }
    for k in KINDS:
        is_k = pc.equal(kind, k)
        cols[f"n_{k}"] = pc.cast(is_k, pa.int64())
        cols[f"e_{k}"] = pc.if_else(is_k, error, 0.0)
        cols[f"m_{k}"] = pc.if_else(is_k, mwc0, 0.0)
    return pa.table(cols)


def run_job(paths: list[str], address: str | None, num_cpus: int) -> tuple[dict, dict]:
    import ray
    import ray.data
    from ray.data.aggregate import Count, Sum

    # Ray Data asks, for every path it lists, whether the filesystem is fsspec's HTTP one, importing
    # fsspec.implementations.http from several listing threads at once; if that import fails (no
    # aiohttp) the threads race on the half-imported module ("cannot import name 'HTTPFileSystem'").
    # check-distributed.sh installs fsspec[http]; importing it here once makes the import a cache hit.
    try:
        import fsspec.implementations.http  # noqa: F401
    except ImportError:
        print("ray-check: fsspec[http] (aiohttp) is not installed: reading several Parquet paths may fail "
              "in Ray's file listing; pip install 'fsspec[http]'", file=sys.stderr)

    t0 = time.monotonic()
    if address:
        ray.init(address=address, logging_level="warning")
    else:
        ray.init(num_cpus=num_cpus, include_dashboard=False, logging_level="warning")
    ctx = ray.data.DataContext.get_current()
    ctx.enable_progress_bars = False
    try:
        resources = ray.cluster_resources()
        ds = ray.data.read_parquet(paths if len(paths) > 1 else paths[0]).select_columns(COLUMNS)
        rows = ds.count()
        aggs = [Count(alias_name="n"), Sum("error", alias_name="e"), Sum("mwc_loss", alias_name="m"),
                Sum("mwc_known", alias_name="mwc_known")]
        for k in KINDS:
            aggs += [Sum(f"n_{k}", alias_name=f"n_{k}"), Sum(f"e_{k}", alias_name=f"e_{k}"),
                     Sum(f"m_{k}", alias_name=f"m_{k}")]
        grouped = ds.map_batches(derive, batch_format="pyarrow").groupby("player").aggregate(*aggs)
        per_player = {r["player"]: r for r in grouped.take_all()}
        info = {
            "ray": ray.__version__,
            "nodes": len([n for n in ray.nodes() if n.get("Alive")]),
            "cpus": resources.get("CPU", 0),
            "rows": rows,
            "seconds": time.monotonic() - t0,
        }
    finally:
        ray.shutdown()
    return info, per_player


def figures(agg: dict | None) -> dict:
    """The bdb stats --json figures of one player from his sums (spec/metrics.md §2.1)."""
    agg = agg or {}
    n = {k: int(agg.get(f"n_{k}") or 0) for k in KINDS}
    total = int(agg.get("n") or 0)
    e = {k: float(agg.get(f"e_{k}") or 0.0) for k in KINDS}
    m = {k: float(agg.get(f"m_{k}") or 0.0) for k in KINDS}
    e_total = float(agg.get("e") or 0.0)
    m_total = float(agg.get("m") or 0.0)
    has_mwc = int(agg.get("mwc_known") or 0) > 0
    out = {
        "pr": 500.0 * e_total / total if total > 0 else None,
        "decisions.total": total,
        "errorEmg.total": e_total if total > 0 else None,
        "lossMwcPct.total": 100.0 * m_total if has_mwc and total > 0 else None,
    }
    for k in KINDS:
        out[f"decisions.{k}"] = n[k]
        out[f"errorEmg.{k}"] = e[k] if n[k] > 0 else None
        out[f"lossMwcPct.{k}"] = 100.0 * m[k] if has_mwc and n[k] > 0 else None
    return out


def bdb_figures(p: dict) -> dict:
    out = {"pr": p.get("pr")}
    for group in ("decisions", "errorEmg", "lossMwcPct"):
        for k in ("total", *KINDS):
            out[f"{group}.{k}"] = (p.get(group) or {}).get(k)
    return out


def nested(player: str, fig: dict) -> dict:
    """One player's figures shaped like an entry of `bdb stats --json`'s players."""
    out: dict = {"player": player, "pr": fig["pr"]}
    for key, value in fig.items():
        if "." in key:
            group, k = key.split(".")
            out.setdefault(group, {})[k] = value
    return out


def same(a, b) -> bool:
    if a is None or b is None:
        return a is None and b is None
    if isinstance(a, int) and isinstance(b, int):
        return a == b
    if isinstance(a, bool) or isinstance(b, bool):
        return False
    return math.isclose(float(a), float(b), rel_tol=REL_TOL, abs_tol=ABS_TOL)


# ---------------------------------------------------------------------------------------------
# Output


def width(s: str) -> int:
    return sum(2 if unicodedata.east_asian_width(c) in "WF" else 0 if unicodedata.combining(c) else 1 for c in s)


def cell(s: str, w: int, right: bool = False) -> str:
    if width(s) > w:
        while width(s) > w - 1:
            s = s[:-1]
        s += "…"
    pad = " " * (w - width(s))
    return pad + s if right else s + pad


def num(x, digits: int = 4) -> str:
    if x is None:
        return "—"
    if isinstance(x, int):
        return str(x)
    return f"{x:.{digits}f}"


def print_table(rows: list[list[str]], widths: list[int], right: list[bool]) -> None:
    for i, r in enumerate(rows):
        print("  ".join(cell(v, w, rt) for v, w, rt in zip(r, widths, right)).rstrip())
        if i == 0:
            print("  ".join("-" * w for w in widths))


def main(argv: list[str]) -> int:
    args = parse_args(argv)
    for p in args.parquet:
        if "://" not in p and not os.path.exists(p):
            print(f"ray-check: {p}: no such file or folder", file=sys.stderr)
            return 2
    bdb = None
    if args.bdb_json:
        try:
            with open(args.bdb_json, encoding="utf-8") as f:
                doc = json.load(f)
            bdb = {p["player"]: p for p in doc["players"]}
        except (OSError, ValueError, KeyError, TypeError) as e:
            print(f"ray-check: {args.bdb_json}: not a `bdb stats --json` output ({e})", file=sys.stderr)
            return 2

    address = args.address or os.environ.get("RAY_ADDRESS")
    info, per_player = run_job(args.parquet, address, args.num_cpus)
    ray_fig = {name: figures(agg) for name, agg in per_player.items()}
    counted = sum(f["decisions.total"] for f in ray_fig.values())

    print(f"Ray {info['ray']} ({'cluster ' + address if address else 'local cluster'}: "
          f"{info['nodes']} node(s), {info['cpus']:g} CPUs)")
    print(f"Parquet rows read: {info['rows']} decisions, {counted} counted, "
          f"{len(per_player)} players with counted decisions; Ray job {info['seconds']:.1f} s")
    if args.json_out:
        with open(args.json_out, "w", encoding="utf-8") as f:
            json.dump({"players": [nested(k, v) for k, v in sorted(ray_fig.items())]}, f, ensure_ascii=False, indent=1)

    if bdb is None:
        head = ["player", "decisions", "checker", "double", "take", "PR", "equity lost", "MWC lost %"]
        rows = [head]
        for name in sorted(ray_fig, key=str.casefold):
            f = ray_fig[name]
            rows.append([name, num(f["decisions.total"]), num(f["decisions.checker"]),
                         num(f["decisions.double"]), num(f["decisions.take"]), num(f["pr"], 2),
                         num(f["errorEmg.total"]), num(f["lossMwcPct.total"])])
        print()
        print_table(rows, [28, 9, 7, 6, 5, 8, 11, 10], [False] + [True] * 7)
        return 0

    # Compare. A player of bdb's output with no counted decision has no group in the Ray result
    # (the job keeps counted decisions only): both sides then say N = 0 (or, for a player with no analysed
    # match, bdb says null) and every figure is null, which the comparison below checks like any other player.
    names = sorted(set(bdb) | set(ray_fig), key=str.casefold)
    head = ["player", "N bdb", "N ray", "PR bdb", "PR ray", "equity bdb", "equity ray",
            "MWC% bdb", "MWC% ray", "result"]
    rows = [head]
    failures: list[str] = []
    no_rows = 0
    for name in names:
        if name not in bdb:
            rows.append([name, "absent", num(ray_fig[name]["decisions.total"]), "", "", "", "", "", "", "FAIL"])
            failures.append(f"{name}: in the Parquet export (counted decisions) but not in bdb's output")
            continue
        b = bdb_figures(bdb[name])
        r = ray_fig.get(name) or figures(None)
        if name not in ray_fig:
            no_rows += 1
            # a player whose moves were played but none analysed (a transcript): bdb's JSON gives no count at
            # all (null, "n/a": docs/json.md), where the Ray job, which sees no row of theirs, counts 0; a
            # player with nothing played (a position file) keeps bdb's 0
            if bdb[name].get("analysedMatches") == 0:
                r = {k: (None if k.startswith("decisions.") and b[k] is None else v) for k, v in r.items()}
        bad = [k for k in b if not same(b[k], r[k])]
        if name not in ray_fig and b["decisions.total"] not in (0, None):
            bad.insert(0, "player")
        for k in bad:
            failures.append(f"{name}: {k}: bdb {b.get(k)!r}, ray {r.get(k)!r}"
                            if k != "player" else f"{name}: has counted decisions in bdb, no group in Ray")
        rows.append([name, num(b["decisions.total"]), num(r["decisions.total"]) if name in ray_fig else "none",
                     num(b["pr"], 2), num(r["pr"], 2), num(b["errorEmg.total"]), num(r["errorEmg.total"]),
                     num(b["lossMwcPct.total"]), num(r["lossMwcPct.total"]), "FAIL" if bad else "PASS"])
    print()
    print_table(rows, [28, 5, 5, 7, 7, 10, 10, 9, 9, 6], [False] + [True] * 8 + [False])
    print()
    fields = len(bdb_figures({}))
    print(f"players compared: {len(names)} ({len(names) - no_rows} with counted decisions in the export, "
          f"{no_rows} without any on either side), {fields} figures each "
          f"(PR; decisions, equity lost and MWC lost: total, checker, double, take); "
          f"counts exact, sums to a relative {REL_TOL:g}")
    if failures:
        print(f"FAIL: {len(failures)} difference(s)")
        for f in failures:
            print(f"  {f}")
        return 1
    print("PASS: Ray Data's figures equal bdb stats --json for every player")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
