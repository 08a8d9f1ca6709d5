#!/usr/bin/env python3
"""Renders the sample runs in SampleArchives/ into the real artifact formats.

The scenarios (which files a run's container holds, which tests failed and why) are
designed by hand below; this script only prints them the way the real tools do:
xcresulttool JSON (new and legacy), xcbeautify JUnit, ncdu JSON with exhibit's keys,
`find | sort`, `stat -f '%z %N'`, `xattr -rl`, `du -sk`, exhibit's steps.tsv, and the
result bundle itself (`results/Vault.xcresult`: Info.plist, Data/ objects with their refs
and BLAKE2b ids, a session log in the Diagnostics folder), so the runs have a timeline.
Run it from the repository root: `python3 SampleArchives/_source/make-samples.py`.
The output is committed; exhibit never runs this script.
"""
import base64
import calendar
import copy
import datetime
import hashlib
import json
import os
import plistlib
import shutil
import time

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
STEP_TIME = "2026-11-{day}T09:{minute:02d}:{second:02d}Z"

# Steps of the backup-boundary UI test, in order.
INSTALL = "install: first launch"
SEED = "seed: create vault with 3 notes"
DOWNLOAD = "sync: download offline pack"
RETRY = "sync: retry interrupted download"
THUMBS = "sync: generate thumbnails"
INDEX = "index: rebuild search index"
MODEL = "ml: fetch classifier model"
EXPORT = "export: share note as PDF"
TEARDOWN = "teardown: remove test data"

# (path, size, excluded-own-flag, step); directories end with "/".
BASELINE = [
    (".com.apple.mobile_container_manager.metadata.plist", 502, False, INSTALL),
    ("Documents/", 0, False, INSTALL),
    ("Documents/Vault.sqlite", 1_245_184, False, SEED),
    ("Documents/Vault.sqlite-wal", 412_032, False, SEED),
    ("Documents/Vault.sqlite-shm", 32_768, False, SEED),
    ("Documents/Inbox/", 0, False, INSTALL),
    ("Documents/Notes/", 0, False, SEED),
    ("Documents/Notes/Trip to Kyoto.vaultnote", 18_422, False, SEED),
    ("Documents/Notes/Résumé 2026.vaultnote", 9_310, False, SEED),
    ("Documents/Notes/日本語ガイド.vaultnote", 27_904, False, SEED),
    ("Library/", 0, False, INSTALL),
    ("Library/Application Support/", 0, False, INSTALL),
    ("Library/Application Support/VaultIndex/", 0, True, INDEX),
    ("Library/Application Support/VaultIndex/index.db", 3_407_872, False, INDEX),
    ("Library/Application Support/VaultIndex/postings.bin", 1_048_576, False, INDEX),
    ("Library/Application Support/Downloads/", 0, False, DOWNLOAD),
    ("Library/Application Support/Downloads/Offline Pack Kyoto.pack", 48_234_496, True, DOWNLOAD),
    ("Library/Application Support/Models/", 0, True, MODEL),
    ("Library/Application Support/Models/Classifier.mlmodelc/", 0, False, MODEL),
    ("Library/Application Support/Models/Classifier.mlmodelc/model.espresso.weights", 12_582_912, False, MODEL),
    ("Library/Application Support/Models/Classifier.mlmodelc/coremldata.bin", 1_824, False, MODEL),
    ("Library/Preferences/", 0, False, INSTALL),
    ("Library/Preferences/com.example.vault.plist", 1_207, False, SEED),
    ("Library/Caches/", 0, False, INSTALL),
    ("Library/Caches/com.example.vault/", 0, False, DOWNLOAD),
    ("Library/Caches/com.example.vault/Cache.db", 135_168, False, DOWNLOAD),
    ("Library/Caches/com.example.vault/fsCachedData/", 0, False, DOWNLOAD),
    ("Library/Caches/com.example.vault/fsCachedData/6C1F0E52-3B8D-4F0A-9C1E-2D7B5A8E4F10", 84_211, False, DOWNLOAD),
    ("Library/Caches/Thumbnails/", 0, False, THUMBS),
    ("Library/Caches/Thumbnails/trip-to-kyoto@2x.jpg", 48_921, False, THUMBS),
    ("Library/Caches/Thumbnails/resume-2026@2x.jpg", 31_007, False, THUMBS),
    ("Library/SplashBoard/", 0, False, INSTALL),
    ("Library/SplashBoard/Snapshots/", 0, False, INSTALL),
    ("Library/SplashBoard/Snapshots/com.example.vault - {DEFAULT GROUP}/", 0, False, INSTALL),
    ("Library/SplashBoard/Snapshots/com.example.vault - {DEFAULT GROUP}/5E0B8C2A-91D4-4C3B-8F6A-7D2E1B0C9A34@3x.ktx", 229_376, False, INSTALL),
    ("SystemData/", 0, False, INSTALL),
    ("tmp/", 0, False, INSTALL),
]


def with_changes(remove=(), replace=None, add=()):
    entries = [e for e in BASELINE if e[0] not in remove]
    replace = replace or {}
    entries = [replace.get(e[0], e) for e in entries]
    return entries + list(add)


RUNS = {}

RUNS["run-2026-11-02-baseline"] = dict(
    day=2, commit="4c1e9a7d2b6f80e35a9c1d4b7e2f6a8c0d3e5b71", branch="main",
    entries=BASELINE, failures=[], form="json", results=["summary", "tests"],
    xcresulttool="xcresulttool version 23024, format version 3.53 (current)", infoMinor=53,
    xcode="16.4 (16F6)", runtime=("18.5", "22F77"), job="8841203", timeline=True,
)

RUNS["run-2026-11-03-unset-attribute"] = dict(
    day=3, commit="9f2b6d1e4a8c03b75e1d9a2c6f4b8e0d7a3c5f19", branch="main",
    entries=with_changes(
        replace={
            "Library/Application Support/Models/": ("Library/Application Support/Models/", 0, False, MODEL),
        },
        add=[
            ("Library/Application Support/Downloads/Offline Pack Osaka.pack", 61_865_984, False, RETRY),
        ]),
    failures=[
        ("BackupBoundaryTests", "testDownloadsExcludedFromBackup()", 63,
         "XCTAssertTrue failed - Library/Application Support/Downloads/Offline Pack Osaka.pack is not excluded from backup"),
        ("BackupBoundaryTests", "testModelsExcludedFromBackup()", 77,
         "XCTAssertTrue failed - 12.6 MB of re-creatable data in Library/Application Support/Models would be backed up"),
    ],
    form="json", results=["summary", "tests"],
    xcresulttool="xcresulttool version 24051.1, schema version: 0.1.0 (legacy commands format version: 3.53)",
    infoMinor=56, xcode="26.1 (17B55)", runtime=("26.1", "23B80"), job="8841977", timeline=True,
)

RUNS["run-2026-11-04-misplaced-file"] = dict(
    day=4, commit="2d7e0b4a9c1f63e58b2a7d0c4e9f1b6a3d8c5e20", branch="feature/drafts",
    entries=with_changes(add=[
        ("Documents/cache.db", 524_288, False, DOWNLOAD),
        ("Documents/Exports/", 0, False, EXPORT),
        ("Documents/Exports/Trip to Kyoto.pdf", 1_902_114, False, EXPORT),
        ("Library/Caches/Drafts/", 0, False, SEED),
        ("Library/Caches/Drafts/Packing list.vaultnote", 4_211, False, SEED),
    ]),
    failures=[
        ("BackupBoundaryTests", "testCacheNotInDocuments()", 41,
         "XCTAssertFalse failed - Documents/cache.db exists: caches must live under Library/Caches"),
        ("BackupBoundaryTests", "testDraftsStayInDocuments()", 88,
         "XCTAssertTrue failed - a draft note was written to Library/Caches/Drafts and would be lost on restore"),
    ],
    form="json", results=["summary"],
    xcresulttool="xcresulttool version 23024, format version 3.53 (current)", infoMinor=53,
    xcode="16.4 (16F6)", runtime=("18.5", "22F77"), job="8842310", timeline=True,
)

RUNS["run-2026-11-05-skipped-cleanup"] = dict(
    day=5, commit="7a3c9e1b5d2f08a46c1e9b3d7f5a2c0e8b4d6f13", branch="main",
    entries=with_changes(add=[
        ("tmp/CFNetworkDownload_kQ3xZb.tmp", 7_340_032, False, RETRY),
        ("tmp/export-4F2A91.zip", 1_288_401, False, EXPORT),
        ("tmp/\x1b]0;owned\x07.log", 311, False, TEARDOWN),
        ("Library/Preferences/com.example.vault-tests.3F2504E0-4F89-11D3-9A0C-0305E82C3301.plist", 412, False, SEED),
    ]),
    failures=[
        ("BackupBoundaryTests", "testTmpIsEmptyAfterSync()", 102,
         "XCTAssertEqual failed: (\"3\") is not equal to (\"0\") - tmp is not empty after teardown"),
    ],
    form="json", results=["summary", "tests"],
    xcresulttool="xcresulttool version 23024, format version 3.53 (current)", infoMinor=53,
    xcode="16.4 (16F6)", runtime=("18.5", "22F77"), job="8842655", timeline=True,
)

RUNS["run-2026-10-20-xcode15-legacy"] = dict(
    day=None, date="2026-10-20", commit="c0ffee4b2a9d17e36f8b5c1a0d4e7f2b9c6a3e58", branch="release/4.2",
    entries=with_changes(replace={
        "Library/Application Support/VaultIndex/": ("Library/Application Support/VaultIndex/", 0, False, INDEX),
    }),
    failures=[
        ("BackupBoundaryTests", "testIndexDirectoryExcluded()", 52,
         "XCTAssertTrue failed - Library/Application Support/VaultIndex is not excluded from backup"),
    ],
    form="json", results=["legacy"], xcresulttool=None, infoMinor=39, device="iPhone 15",
    xcode="15.4 (15F31d)", runtime=("17.5", "21F79"), job="8790112", timeline=True,
)

RUNS["run-2026-11-06-junit-files-list"] = dict(
    day=6, commit="e5b8d2a1c7f94e30b6a2d8c1f5e9a3b7d0c4e6f2", branch="main",
    entries=with_changes(
        replace={
            "Library/Application Support/Downloads/Offline Pack Kyoto.pack":
                ("Library/Application Support/Downloads/Offline Pack Kyoto.pack", 48_234_496, False, DOWNLOAD),
        },
        add=[
            ("Documents/Thumbnails/", 0, False, THUMBS),
            ("Documents/Thumbnails/trip-to-kyoto@2x.jpg", 48_921, False, THUMBS),
            ("tmp/CFNetworkDownload_p9LmTe.tmp", 2_097_152, False, DOWNLOAD),
        ]),
    failures=[
        ("BackupBoundaryTests", "testDownloadsExcludedFromBackup()", 63,
         "XCTAssertTrue failed - Library/Application Support/Downloads/Offline Pack Kyoto.pack is not excluded from backup"),
        ("BackupBoundaryTests", "testTmpIsEmptyAfterSync()", 102,
         "XCTAssertEqual failed: (\"1\") is not equal to (\"0\") - tmp is not empty after teardown"),
    ],
    form="list", results=["junit"], xcresulttool=None, infoMinor=None,
    xcode="16.4 (16F6)", runtime=("18.5", "22F77"), job="8843001",
)

# The two neighbouring test families: preferences (UserDefaults contracts, leftover
# randomly named suites) and background tasks (BGTaskScheduler configuration in the
# built app's Info.plist, a cancelled task's temporary file). Their rules add
# `preferences` and `backgroundTasks` to the team's rules file.
APP_EVIDENCE_RULES = {
    "preferences": [
        {"domain": "com.example.vault", "key": "syncMode", "type": "string",
         "allowed": ["wifi", "always", "never"], "fallback": "wifi", "owner": "@settings"},
        {"domain": "com.example.vault", "key": "hasSeenOnboarding", "type": "boolean", "fallback": False,
         "owner": "@onboarding", "note": "absent means the onboarding shows again; false means it was dismissed"},
        {"domain": "com.example.vault", "key": "analyticsEnabled", "type": "boolean", "fallback": True, "owner": "@privacy"},
        {"domain": "com.example.vault", "key": "launchCount", "type": "integer", "fallback": 0, "owner": "@settings"},
    ],
    "backgroundTasks": [
        {"identifier": "com.example.vault.refresh", "kind": "refresh", "owner": "@offline-sync"},
        {"identifier": "com.example.vault.reindex", "kind": "processing",
         "temporaryFiles": ["tmp/reindex-*.partial"], "owner": "@search"},
    ],
}

VAULT_PREFS = "Library/Preferences/com.example.vault.plist"
SUITE_PREFS = "Library/Preferences/com.example.vault.8A1F3C2E-5B7D-4E09-A6C4-1D2B3E4F5A60.plist"

RUNS["run-2026-11-07-preferences"] = dict(
    day=7, commit="1b9d4f7a2c6e80d35b1a9c7e4f2d6b0a8c3e5f17", branch="feature/sync-modes",
    entries=with_changes(add=[(SUITE_PREFS, 0, False, SEED)]),
    plists={
        # Binary, as cfprefsd writes it. lastUserID is a user identifier no rule names:
        # it must never reach a note.
        VAULT_PREFS: ("binary", {
            "syncMode": "turbo", "analyticsEnabled": False, "launchCount": "3",
            "lastUserID": "u-4471-a9c2-secret", "NSLanguages": ["en", "ja"],
            "lastSync": datetime.datetime(2026, 11, 7, 9, 12, 5),
        }),
        # A suite a test created with UserDefaults(suiteName:) and never removed; XML.
        SUITE_PREFS: ("xml", {"syncMode": "never", "fixtureLoaded": True}),
    },
    # The built app's Info.plist, collected as the rules' background tasks need it: both
    # tasks permitted, both modes there (the next day's build loses the reindex task).
    # Without it the tasks would be unchecked, and the run no pass on them.
    app_info={
        "CFBundleIdentifier": "com.example.vault", "CFBundleShortVersionString": "4.2", "CFBundleVersion": "4207",
        "BGTaskSchedulerPermittedIdentifiers": ["com.example.vault.refresh", "com.example.vault.reindex"],
        "UIBackgroundModes": ["fetch", "processing", "remote-notification"],
    },
    rules_extra=APP_EVIDENCE_RULES, rules_remove=["testPreferenceDomains"],
    failures=[
        ("PreferencesTests", "testSyncModeMigration()", 41,
         "XCTAssertEqual failed: (\"turbo\") is not equal to (\"wifi\") - syncMode after migration from v3"),
    ],
    form="json", results=["summary", "tests"],
    xcresulttool="xcresulttool version 23024, format version 3.53 (current)", infoMinor=53,
    xcode="16.4 (16F6)", runtime=("18.5", "22F77"), job="8843320",
)

RUNS["run-2026-11-08-background-tasks"] = dict(
    day=8, commit="6e2a8c0f4b1d97e53a6c2e8b0d4f1a7c9e3b5d28", branch="main",
    entries=with_changes(add=[("tmp/reindex-7F3A.partial", 524_288, False, INDEX)]),
    plists={VAULT_PREFS: ("binary", {"syncMode": "wifi", "hasSeenOnboarding": True, "launchCount": 12})},
    app_info={
        "CFBundleIdentifier": "com.example.vault", "CFBundleShortVersionString": "4.3", "CFBundleVersion": "4301",
        # The reindex task was added in code but not here, and "processing" was dropped.
        "BGTaskSchedulerPermittedIdentifiers": ["com.example.vault.refresh"],
        "UIBackgroundModes": ["fetch", "remote-notification"],
    },
    rules_extra=APP_EVIDENCE_RULES,
    failures=[
        ("BackgroundTaskTests", "testReindexTaskRuns()", 77,
         "XCTAssertTrue failed - com.example.vault.reindex handler was not called within 30 s"),
    ],
    form="json", results=["summary", "tests"],
    xcresulttool="xcresulttool version 24051.1, schema version: 0.1.0 (legacy commands format version: 3.53)",
    infoMinor=56, xcode="26.1 (17B55)", runtime=("26.1", "23B80"), job="8843571",
)

PASSING = [
    ("BackupBoundaryTests", "testCacheNotInDocuments()"),
    ("BackupBoundaryTests", "testDownloadsExcludedFromBackup()"),
    ("BackupBoundaryTests", "testModelsExcludedFromBackup()"),
    ("BackupBoundaryTests", "testIndexDirectoryExcluded()"),
    ("BackupBoundaryTests", "testDraftsStayInDocuments()"),
    ("BackupBoundaryTests", "testTmpIsEmptyAfterSync()"),
    ("BackupBoundaryTests", "testNoLeftoverTestDefaults()"),
    ("VaultStoreTests", "testOpenCreatesDatabase()"),
    ("VaultStoreTests", "testRoundTrip()"),
    ("VaultStoreTests", "testWriteAheadLogCheckpoint()"),
]

DEVICE_ID = "5C1A7E0B-3D7F-4E52-9B0D-2F6C1D8A9E41"


def disk(size):
    return (size + 4095) // 4096 * 4096


def epoch(run):
    import datetime
    date = run.get("date") or "2026-11-%02d" % run["day"]
    d = datetime.datetime.strptime(date + " 09:12:05", "%Y-%m-%d %H:%M:%S").replace(tzinfo=datetime.timezone.utc)
    return d.timestamp()


def tree(entries):
    """Nested dict: name -> (entry, children-dict or None)."""
    root = {}
    for path, size, excluded, step in entries:
        is_dir = path.endswith("/")
        parts = path.rstrip("/").split("/")
        node = root
        for p in parts[:-1]:
            node = node[p][1]
        node[parts[-1]] = ((path, size, excluded, step), {} if is_dir else None)
    return root


def ncdu_json(entries, timestamp, births=None):
    """With `births`, each item's ncdu `mtime` (whole seconds) and exhibit's `x_btime`
    (the birth time, shortest decimal), as `exhibit collect` writes them."""
    births = births or {}

    def info(name, e, is_dir):
        o = {"name": name}
        if not is_dir:
            o["asize"] = e[1]
            o["dsize"] = disk(e[1])
        if e[2]:
            o["x_backup_excluded"] = True
        o["x_step"] = e[3]
        birth = births.get(e[0].rstrip("/"))
        if birth is not None:
            o["mtime"] = int(birth + MODIFIED_AFTER)
            o["x_btime"] = birth
        return o

    def dump(children):
        out = []
        for name in sorted(children, key=lambda s: s.encode()):
            e, sub = children[name]
            if sub is None:
                out.append(json.dumps(info(name, e, False), ensure_ascii=False, separators=(",", ":")))
            else:
                inner = [json.dumps(info(name, e, True), ensure_ascii=False, separators=(",", ":"))] + dump(sub)
                out.append("[" + ",\n".join(inner) + "]")
        return out

    # Every flag was read (exhibit collect does): an item without x_backup_excluded is not excluded.
    head = '[1,2,{"progname":"exhibit-collect","progver":"0.1.0","timestamp":%d,"x_backup_flags":"complete"},\n' % int(timestamp)
    body = ",\n".join(['{"name":"."}'] + dump(tree(entries)))
    return head + "[" + body + "]]\n"


def write(run_dir, rel, text, binary=False):
    path = os.path.join(run_dir, rel)
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "wb") as f:
        f.write(text if binary else text.encode())


def summary_json(run, failures, t0, finish, total=None):
    """`total`: the tests the result bundle ran, where the run keeps it."""
    failed = len(failures)
    total = total or len(PASSING) + 2
    passed = total - failed - 1
    device = {"architecture": "arm64", "deviceId": DEVICE_ID, "deviceName": "iPhone 16",
              "modelName": "iPhone 16", "osBuildNumber": run["runtime"][1], "osVersion": run["runtime"][0],
              "platform": "iOS Simulator"}
    doc = {
        "devicesAndConfigurations": [{"device": device, "expectedFailures": 0, "failedTests": failed,
                                      "passedTests": passed, "skippedTests": 1,
                                      "testPlanConfiguration": {"configurationId": "1",
                                                                "configurationName": "Test Scheme Action"}}],
        "environmentDescription": "Vault · Built with macOS 15.5",
        "expectedFailures": 0, "failedTests": failed, "finishTime": round(finish, 3), "passedTests": passed,
        "result": "Failed" if failed else "Passed", "skippedTests": 1, "startTime": round(t0, 3),
        "statistics": [{"subtitle": "on 1 device", "title": "%d tests run" % total}],
        "testFailures": [{"failureText": text, "targetName": "VaultTests", "testIdentifier": 7 + i,
                          "testIdentifierString": "%s/%s" % (cls, name),
                          "testIdentifierURL": "test://com.apple.xcode/Vault/VaultTests/%s/%s" % (cls, name.rstrip("()")),
                          "testName": name} for i, (cls, name, line, text) in enumerate(failures)],
        "title": "Test - Vault", "topInsights": [], "totalTestCount": total,
    }
    return json.dumps(doc, ensure_ascii=False, separators=(",", ":")) + "\n"


def duration_text(seconds):
    """xcresulttool's duration, in the comma-decimal locale of the CI host: `1m 14s`,
    `16s` (whole seconds cut), `0,021s` (two significant digits)."""
    if seconds >= 60:
        return "%dm %ds" % (seconds // 60, int(seconds) % 60)
    if seconds >= 1:
        return "%ds" % int(seconds)
    return ("%.2g" % seconds).replace(".", ",") + "s"


def tests_json(run, failures, durations=None):
    """With `durations` (test -> seconds, from the run's timeline), each test's own."""
    failing = {(c, n): (l, t) for c, n, l, t in failures}
    suites = {}
    for cls, name in PASSING + [("BackupBoundaryTests", "testUpgradeMigratesCatalog()")]:
        suites.setdefault(cls, []).append(name)
    suite_nodes = []
    for cls, names in suites.items():
        cases = []
        for i, name in enumerate(names):
            node = {"duration": "0,00%ds" % (21 + i), "durationInSeconds": (21 + i) / 1000.0, "name": name,
                    "nodeIdentifier": "%s/%s" % (cls, name),
                    "nodeIdentifierURL": "test://com.apple.xcode/Vault/VaultTests/%s/%s" % (cls, name.rstrip("()")),
                    "nodeType": "Test Case", "result": "Passed"}
            if durations:
                seconds = durations[(cls, name)]
                node["duration"], node["durationInSeconds"] = duration_text(seconds), round(seconds, 6)
            if (cls, name) in failing:
                line, text = failing[(cls, name)]
                node["result"] = "Failed"
                node["children"] = [{"name": "%s.swift:%d: %s" % (cls, line, text), "nodeType": "Failure Message",
                                     "result": "Failed"}]
            if name == "testUpgradeMigratesCatalog()":
                node["result"] = "Skipped"
                node["children"] = [{"name": "Test skipped - migration fixture not bundled on the Simulator",
                                     "nodeType": "Failure Message", "result": "Skipped"}]
            cases.append(node)
        result = "Failed" if any(c["result"] == "Failed" for c in cases) else "Passed"
        suite_nodes.append({"children": cases, "name": cls, "nodeType": "Test Suite", "result": result})
    bundle_result = "Failed" if failures else "Passed"
    doc = {"devices": [{"architecture": "arm64", "deviceId": DEVICE_ID, "deviceName": "iPhone 16",
                        "modelName": "iPhone 16", "osBuildNumber": run["runtime"][1],
                        "osVersion": run["runtime"][0], "platform": "iOS Simulator"}],
           "testNodes": [{"children": [{"children": suite_nodes, "name": "VaultTests",
                                        "nodeType": "Unit test bundle", "result": bundle_result}],
                          "name": "Vault", "nodeType": "Test Plan", "result": bundle_result}],
           "testPlanConfigurations": [{"configurationId": "1", "configurationName": "Test Scheme Action"}]}
    return json.dumps(doc, ensure_ascii=False, separators=(",", ":")) + "\n"


def legacy_json(run, failures, t0, ended):
    def s(v, t="String"):
        return {"_type": {"_name": t}, "_value": str(v)}

    def obj(type_name, sup=None, **fields):
        o = {"_type": {"_name": type_name}}
        if sup:
            o["_type"]["_supertype"] = {"_name": sup}
        o.update(fields)
        return o

    def arr(values):
        return {"_type": {"_name": "Array"}, "_values": values}

    import datetime
    def date(t):
        d = datetime.datetime.fromtimestamp(t, datetime.timezone(datetime.timedelta(hours=2)))
        return d.strftime("%Y-%m-%dT%H:%M:%S.") + "%03d" % (d.microsecond // 1000) + d.strftime("%z")

    summaries = [obj("TestFailureIssueSummary", "IssueSummary",
                     documentLocationInCreatingWorkspace=obj(
                         "DocumentLocation", concreteTypeName=s("DVTTextDocumentLocation"),
                         url=s("file:///Users/ci/builds/vault/VaultTests/%s.swift#EndingLineNumber=%d&StartingLineNumber=%d"
                               % (cls, line - 1, line - 1))),  # Xcode's document URLs count lines from 0
                     issueType=s("Uncategorized"), message=s(text), producingTarget=s("VaultTests"),
                     testCaseName=s("%s.%s" % (cls, name)))
                 for cls, name, line, text in failures]
    total = len(PASSING) + 2
    device = obj("ActionDeviceRecord", identifier=s(DEVICE_ID), modelCode=s("iPhone15,4"), modelName=s("iPhone 15"),
                 name=s("iPhone 15"), operatingSystemVersion=s(run["runtime"][0]),
                 operatingSystemVersionWithBuildNumber=s("%s (%s)" % run["runtime"]),
                 platformRecord=obj("ActionPlatformRecord", identifier=s("com.apple.platform.iphonesimulator"),
                                    userDescription=s("iOS Simulator")))
    action = obj("ActionRecord",
                 actionResult=obj("ActionResult", resultName=s("action"), status=s("failed" if failures else "succeeded"),
                                  testsRef=obj("Reference", id=s("0~Qm9ndXMtdGVzdHMtcmVmLWZvci1zYW1wbGU="),
                                               targetType=obj("TypeDefinition", name=s("ActionTestPlanRunSummaries")))),
                 endedTime=s(date(ended), "Date"),
                 runDestination=obj("ActionRunDestinationRecord", displayName=s("iPhone 15"),
                                    targetArchitecture=s("arm64"), targetDeviceRecord=device,
                                    targetSDKRecord=obj("ActionSDKRecord", identifier=s("iphonesimulator%s" % run["runtime"][0]),
                                                        name=s("Simulator - iOS %s" % run["runtime"][0]))),
                 schemeCommandName=s("Test"), schemeTaskName=s("BuildAndAction"),
                 startedTime=s(date(t0), "Date"), testPlanName=s("Vault"),
                 title=s("Testing workspace Vault with scheme Vault"))
    doc = obj("ActionsInvocationRecord",
              actions=arr([action]),
              issues=obj("ResultIssueSummaries", testFailureSummaries=arr(summaries)),
              metadataRef=obj("Reference", id=s("0~bWV0YWRhdGEtcmVmLWZvci1zYW1wbGU="),
                              targetType=obj("TypeDefinition", name=s("ActionsInvocationMetadata"))),
              metrics=obj("ResultMetrics", testsCount=s(total, "Int"), testsFailedCount=s(len(failures), "Int"),
                          testsSkippedCount=s(1, "Int")))
    return json.dumps(doc, ensure_ascii=False, indent=2, separators=(",", " : ")) + "\n"


def junit_xml(failures):
    from xml.sax.saxutils import quoteattr
    failing = {(c, n): (l, t) for c, n, l, t in failures}
    suites = {}
    for cls, name in PASSING:
        suites.setdefault(cls, []).append(name)
    out = ['<testsuites name="All tests" tests="%d" failures="%d">' % (len(PASSING), len(failures))]
    for cls, names in suites.items():
        nfail = sum(1 for n in names if (cls, n) in failing)
        out.append('    <testsuite name="VaultTests.%s" tests="%d" failures="%d">' % (cls, len(names), nfail))
        for i, name in enumerate(names):
            bare = name.rstrip("()")
            if (cls, name) in failing:
                line, text = failing[(cls, name)]
                msg = "/Users/ci/builds/vault/VaultTests/%s.swift:%d - %s" % (cls, line, text)
                out.append('        <testcase classname="VaultTests.%s" name="%s">' % (cls, bare))
                out.append('            <failure message=%s />' % quoteattr(msg))
                out.append('        </testcase>')
            else:
                out.append('        <testcase classname="VaultTests.%s" name="%s" time="0.0%02d" />' % (cls, bare, 12 + i))
        out.append('    </testsuite>')
    out.append('</testsuites>')
    return "\n".join(out) + "\n"


def info_plist(minor, created, root=None):
    d = datetime.datetime.fromtimestamp(created, datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")
    return """<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
<plist version="1.0">
<dict>
\t<key>dateCreated</key>
\t<date>%s</date>
\t<key>externalLocations</key>
\t<array/>
\t<key>rootId</key>
\t<dict>
\t\t<key>hash</key>
\t\t<string>%s</string>
\t</dict>
\t<key>storage</key>
\t<dict>
\t\t<key>backend</key>
\t\t<string>fileBacked2</string>
\t\t<key>compression</key>
\t\t<string>standard</string>
\t</dict>
\t<key>version</key>
\t<dict>
\t\t<key>major</key>
\t\t<integer>3</integer>
\t\t<key>minor</key>
\t\t<integer>%d</integer>
\t</dict>
</dict>
</plist>
""" % (d, root or "0~kH3bX9qLmT2vR8wYcN1pJ5sF7dA0eG4uZ6oKiQ-_yBnMxVtWrSgUjDlE3hC9aP2fO8wR1tE6yU8iO0pA==", minor)


def run_json(name, run, t0, finish):
    version, build = run["runtime"]
    doc = {
        "commit": run["commit"], "branch": run["branch"], "scheme": "Vault",
        "destination": "platform=iOS Simulator,name=%s,OS=%s" % (run.get("device", "iPhone 16"), version),
        "device": {"name": run.get("device", "iPhone 16"), "udid": DEVICE_ID},
        "runtime": {"identifier": "com.apple.CoreSimulator.SimRuntime.iOS-%s" % version.replace(".", "-"),
                    "version": version, "buildversion": build},
        "bundleIdentifier": "com.example.vault", "xcodeVersion": run["xcode"],
        "startTime": round(t0, 3), "finishTime": round(finish, 3),
        "ci": {"jobId": run["job"], "jobURL": "https://ci.example.com/vault/jobs/%s" % run["job"]},
    }
    if run["xcresulttool"]:
        doc["xcresulttoolVersion"] = run["xcresulttool"]
    return json.dumps(doc, ensure_ascii=False, indent=2) + "\n"


def steps_tsv(entries, run):
    # exhibit's own format: step<TAB>path<TAB>time, in creation order.
    lines = []
    order = [INSTALL, SEED, DOWNLOAD, RETRY, THUMBS, INDEX, MODEL, EXPORT, TEARDOWN]
    day = run.get("day") or 20
    month = "10" if run.get("date") else "11"
    for i, (path, size, excluded, step) in enumerate(sorted(entries, key=lambda e: (order.index(e[3]), e[0]))):
        t = "2026-%s-%02dT09:%02d:%02dZ" % (month, day, 12 + order.index(step), i % 60)
        lines.append("%s\t%s\t%s" % (step, path.rstrip("/"), t))
    return "\n".join(lines) + "\n"


MODIFIED_AFTER = 3.5


def births(entries, run):
    """Each item's birth time, in steps.tsv's order: a quarter second after the time
    steps.tsv records for it (the storage layer logs the step, then the file appears)."""
    out = []
    for line in steps_tsv(entries, run).splitlines():
        step, path, t = line.split("\t")
        out.append((path, step, calendar.timegm(time.strptime(t, "%Y-%m-%dT%H:%M:%SZ")) + 0.25))
    return out


def times_txt(entries, run):
    """times.txt as `cd "$C" && find . -mindepth 1 -printf '%B@\\t%T@\\t%P\\n'` prints it:
    birth and modification time in seconds with find's ten fraction digits; each file
    was last written 3.5 s after it was made."""
    return "".join("%.10f\t%.10f\t%s\n" % (birth, birth + MODIFIED_AFTER, path) for path, _, birth in births(entries, run))


# The order the tests ran in (one session log, one test host) and the storage steps each
# one performs, every step wrapped in XCTContext.runActivity(named:) with steps.tsv's name:
# the timeline that places each file's birth inside the step that made it.
TEST_ORDER = [
    ("VaultStoreTests", "testOpenCreatesDatabase()", [SEED]),
    ("VaultStoreTests", "testRoundTrip()", []),
    ("VaultStoreTests", "testWriteAheadLogCheckpoint()", []),
    ("BackupBoundaryTests", "testDownloadsExcludedFromBackup()", [DOWNLOAD, RETRY]),
    ("BackupBoundaryTests", "testCacheNotInDocuments()", [THUMBS]),
    ("BackupBoundaryTests", "testIndexDirectoryExcluded()", [INDEX]),
    ("BackupBoundaryTests", "testModelsExcludedFromBackup()", [MODEL]),
    ("BackupBoundaryTests", "testDraftsStayInDocuments()", [EXPORT]),
    ("BackupBoundaryTests", "testNoLeftoverTestDefaults()", []),
    ("BackupBoundaryTests", "testTmpIsEmptyAfterSync()", [TEARDOWN]),
    ("BackupBoundaryTests", "testUpgradeMigratesCatalog()", []),
]
STEP_ORDER = [INSTALL, SEED, DOWNLOAD, RETRY, THUMBS, INDEX, MODEL, EXPORT, TEARDOWN]
# The action's wall clock: legacy dates and the session log's stamps are local time.
LOCAL = datetime.timezone(datetime.timedelta(hours=2))


def local_date(t):
    """A legacy Date, `2026-11-03T11:12:05.120+0200`."""
    d = datetime.datetime.fromtimestamp(round(t, 3), LOCAL)
    return d.strftime("%Y-%m-%dT%H:%M:%S.") + "%03d" % (d.microsecond // 1000) + d.strftime("%z")


def stamp(t):
    """The session log's local `HH:mm:ss.SSS`."""
    d = datetime.datetime.fromtimestamp(round(t, 3), LOCAL)
    return d.strftime("%H:%M:%S.") + "%03d" % (d.microsecond // 1000)


def timeline(entries, run, t0):
    """Each test's window and activities, in run order: a step's activity spans its
    files' births (from 0.75 s before the first to 1.25 s after the last; a step that
    made no file here still runs, for 2 s at the start of its minute); a test spans its
    activities with half a second either side, or follows the previous test for a few
    milliseconds. Install files are born before the first test: only their neighbours
    place them (the timeline cannot name their step)."""
    born = {}
    for path, step, birth in births(entries, run):
        born.setdefault(step, []).append(birth)
    minute0 = t0 - 5  # 09:12:00, where steps.tsv's install minute begins
    tests = []
    clock = t0
    for i, (cls, name, steps) in enumerate(TEST_ORDER):
        activities = []
        for step in steps:
            times = born.get(step)
            if times:
                start, finish = min(times) - 0.75, max(times) + 1.25
            else:
                start = minute0 + 60 * STEP_ORDER.index(step) + 0.5
                finish = start + 2
            activities.append((step, start, finish))
        if activities:
            start, end = activities[0][1] - 0.5, activities[-1][2] + 0.5
        else:
            start = clock + 0.2
            end = start + 0.021 + i / 1000.0
        tests.append(dict(cls=cls, name=name, start=start, end=end, activities=activities))
        clock = end
    return tests


def token(value, defined):
    """The result bundle's typed-object grammar: `[` … `]` containers, `T[K2:_nV…]` the
    first use of a type in an object, `S<n>:` its later uses, `K<n>:` keys, `V<n>:` bytes."""
    def counted(marker, payload):
        return marker.encode() + str(len(payload)).encode() + b":" + payload

    def type_(name, supers):
        if name in defined:
            return counted("S", name.encode())
        defined.add(name)
        chain = [name] + supers

        def definition(chain):
            out = b"[K2:_n" + counted("V", chain[0].encode())
            if len(chain) > 1:
                out += b"K2:_s" + definition(chain[1:])
            return out + b"]"
        return b"T" + definition(chain)

    kind = value[0]
    if kind == "scalar":
        return b"[" + type_(value[1], []) + b"K2:_v" + counted("V", value[2].encode()) + b"]"
    if kind == "array":
        return b"[" + type_("Array", []) + b"".join(token(v, defined) for v in value[1]) + b"]"
    _, name, supers, fields = value
    return b"[" + type_(name, supers) + b"".join(counted("K", k.encode()) + token(v, defined) for k, v in fields) + b"]"


def tstr(v):
    return ("scalar", "String", str(v))


def tint(v):
    return ("scalar", "Int", str(v))


def tdouble(v):
    return ("scalar", "Double", repr(round(v, 6)))


def tdate(t):
    return ("scalar", "Date", local_date(t))


def tobj(name, fields, supers=()):
    return ("object", name, list(supers), fields)


def tarr(values):
    return ("array", values)


SUMMARY_SUPERS = ("ActionTestSummaryIdentifiableObject", "ActionAbstractTestSummary")


class ResultStore:
    """Data/ of a result bundle: each object `data.<id>` with `refs.<id>` (its children:
    a DER-style count, then 0x41 0x00 and the 64-byte digest each), the id `0~` +
    base64url(BLAKE2b-512(kind and digest of each child, then the stored bytes)). Objects
    are stored raw, as the real store keeps small ones, so the script needs no zstd and
    renders the same bytes everywhere."""

    def __init__(self):
        self.files = {}

    def add(self, data, children=()):
        h = hashlib.blake2b(digest_size=64)
        for child in children:
            h.update(b"\x00" + self.digest(child))
        h.update(data)
        oid = "0~" + base64.urlsafe_b64encode(h.digest()).decode()
        n = len(children)
        refs = bytes([n]) if n < 0x80 else bytes([0x81, n])
        refs += b"".join(b"\x41\x00" + self.digest(c) for c in children)
        self.files["Data/data." + oid] = data
        self.files["Data/refs." + oid] = refs
        return oid

    @staticmethod
    def digest(oid):
        return base64.urlsafe_b64decode(oid[2:])

    def typed(self, value):
        return self.add(token(value, set()), self.references(value))

    def references(self, value):
        if value[0] == "object":
            if value[1] == "Reference":
                return [value[3][0][1][2]]
            return [r for _, v in value[3] for r in self.references(v)]
        if value[0] == "array":
            return [r for v in value[1] for r in self.references(v)]
        return []


def reference(oid, target=None):
    fields = [("id", tstr(oid))]
    if target:
        fields.append(("targetType", tobj("TypeDefinition", [("name", tstr(target))])))
    return tobj("Reference", fields)


def session_log(run, tests, t0):
    """The runner's session log: the test host's testCaseWillStart:/testCaseDidFinish:
    lines with local stamps, xcodebuild's status lines after each."""
    obs = "-[XCTRunnerIDESession(_XCTestObservationInternal)"
    begin = t0 + 1.125
    d = datetime.datetime.fromtimestamp(begin, LOCAL)
    lines = ["Xcode version: %s" % run["xcode"],
             "%s xcodebuild[51873:2270114] Beginning test session VaultTests-6C1D9F2A at %s %s on target <DVTiPhoneSimulator: 0x6000035c8a80> {"
             % (stamp(begin), d.strftime("%Y-%m-%d"), stamp(begin)),
             "\t\tSimDevice: iPhone 16 (%s) - Booted" % DEVICE_ID]
    failing = {(c, n) for c, n, _, _ in run["failures"]}
    for t in tests:
        bare = t["name"].rstrip("()")
        status = ("failed" if (t["cls"], t["name"]) in failing else
                  "skipped" if t["name"] == "testUpgradeMigratesCatalog()" else "passed")
        lines.append("%s Vault[51902:2270588] %s testCaseWillStart:] VaultTests.%s %s" % (stamp(t["start"]), obs, t["cls"], bare))
        lines.append("%s Vault[51902:2270588] %s testCaseDidFinish:]" % (stamp(t["end"]), obs))
        lines.append('%s xcodebuild[51873:2270114] _XCT_testCaseWithIdentifier:<XCTTestIdentifier leaf, method, swift ["%s", "%s"]> didFinishWithStatus:%s duration:%.4f'
                     % (stamp(t["end"] + 0.004), t["cls"], bare, status, t["end"] - t["start"]))
    return "\n".join(lines) + "\n"


def result_bundle(run, tests, t0, finish):
    """results/Vault.xcresult as xcodebuild writes it, with what exhibit reads: the
    action (times, destination, status, metrics, failure summaries), each test's summary
    (status, duration, the named activities, failures with their times) and the session
    log below the Diagnostics folder. Returns the bundle's files and its Info.plist."""
    store = ResultStore()
    log = store.add(session_log(run, tests, t0).encode())
    date = datetime.datetime.fromtimestamp(t0 + 1.125, LOCAL).strftime("%Y-%m-%d_%H%M%S")
    target = "VaultTests-0F4B7C2E-9A1D-4E63-B8F5-2C7D1A9E3B40"
    folder = store.add(json.dumps([{"name": "Session-VaultTests-%s-k3Jq9Z.log" % date, "type": 1}], separators=(",", ":")).encode(), [log])
    target_folder = store.add(json.dumps([{"name": target, "type": 2}], separators=(",", ":")).encode(), [folder])
    diagnostics = store.add(json.dumps([{"name": target + "-Configuration-Test Scheme Action-Iteration-1", "type": 2}],
                                       separators=(",", ":")).encode(), [target_folder])
    failing = {(c, n): (l, txt) for c, n, l, txt in run["failures"]}
    by_class = {}
    for t in tests:
        key = (t["cls"], t["name"])
        status = "Failure" if key in failing else "Skipped" if t["name"] == "testUpgradeMigratesCatalog()" else "Success"
        ident = "%s/%s" % key
        duration = t["end"] - t["start"]
        fields = []
        if t["activities"]:
            fields.append(("activitySummaries", tarr([
                tobj("ActionTestActivitySummary", [
                    ("activityType", tstr("com.apple.dt.xctest.activity-type.userCreated")), ("finish", tdate(f)),
                    ("start", tdate(a)), ("title", tstr(title)),
                    ("uuid", tstr("6A3E%04X-1C2B-4D5E-8F90-%012X" % (j, int(a) % (1 << 48)))),
                ]) for j, (title, a, f) in enumerate(t["activities"])])))
        fields.append(("duration", tdouble(duration)))
        if key in failing:
            line, text = failing[key]
            fields.append(("failureSummaries", tarr([tobj("ActionTestFailureSummary", [
                ("fileName", tstr("/Users/ci/builds/vault/VaultTests/%s.swift" % t["cls"])), ("isPerformanceFailure", ("scalar", "Bool", "false")),
                ("lineNumber", tint(line)), ("message", tstr(text)), ("timestamp", tdate(t["end"] - 0.05)),
            ])])))
        fields += [("identifier", tstr(ident)), ("name", tstr(t["name"])), ("testStatus", tstr(status))]
        summary = store.typed(tobj("ActionTestSummary", fields, SUMMARY_SUPERS))
        by_class.setdefault(t["cls"], []).append(tobj("ActionTestMetadata", [
            ("duration", tdouble(duration)), ("identifier", tstr(ident)),
            ("identifierURL", tstr("test://com.apple.xcode/Vault/VaultTests/%s/%s" % (t["cls"], t["name"].rstrip("()")))),
            ("name", tstr(t["name"])), ("summaryRef", reference(summary, "ActionTestSummary")), ("testStatus", tstr(status)),
        ], SUMMARY_SUPERS))
    groups = [tobj("ActionTestSummaryGroup", [("identifier", tstr(cls)), ("name", tstr(cls)), ("subtests", tarr(cases))], SUMMARY_SUPERS)
              for cls, cases in sorted(by_class.items())]
    plan = store.typed(tobj("ActionTestPlanRunSummaries", [("summaries", tarr([tobj("ActionTestPlanRunSummary", [
        ("name", tstr("Test Scheme Action")),
        ("testableSummaries", tarr([tobj("ActionTestableSummary", [
            ("name", tstr("VaultTests")), ("targetName", tstr("VaultTests")), ("testKind", tstr("app hosted")),
            ("tests", tarr([tobj("ActionTestSummaryGroup", [("name", tstr("VaultTests")), ("subtests", tarr(groups))], SUMMARY_SUPERS)])),
        ])])),
    ])]))]))
    failures = tarr([tobj("TestFailureIssueSummary", [
        ("documentLocationInCreatingWorkspace", tobj("DocumentLocation", [
            ("concreteTypeName", tstr("DVTTextDocumentLocation")),
            ("url", tstr("file:///Users/ci/builds/vault/VaultTests/%s.swift#EndingLineNumber=%d&StartingLineNumber=%d" % (cls, line - 1, line - 1))),
        ])),
        ("issueType", tstr("Uncategorized")), ("message", tstr(text)), ("producingTarget", tstr("VaultTests")),
        ("testCaseName", tstr("%s.%s" % (cls, name))),
    ], ["IssueSummary"]) for cls, name, line, text in run["failures"]])
    metrics = tobj("ResultMetrics", [("testsCount", tint(len(tests))), ("testsFailedCount", tint(len(run["failures"]))),
                                     ("testsSkippedCount", tint(1))])
    device_name = run.get("device", "iPhone 16")
    version, build = run["runtime"]
    destination = tobj("ActionRunDestinationRecord", [
        ("displayName", tstr(device_name)), ("targetArchitecture", tstr("arm64")),
        ("targetDeviceRecord", tobj("ActionDeviceRecord", [
            ("identifier", tstr(DEVICE_ID)), ("modelName", tstr(device_name)), ("name", tstr(device_name)),
            ("operatingSystemVersion", tstr(version)), ("operatingSystemVersionWithBuildNumber", tstr("%s (%s)" % (version, build))),
            ("platformRecord", tobj("ActionPlatformRecord", [("identifier", tstr("com.apple.platform.iphonesimulator")),
                                                             ("userDescription", tstr("iOS Simulator"))])),
        ])),
    ])
    status = "failed" if run["failures"] else "succeeded"
    action = tobj("ActionRecord", [
        ("actionResult", tobj("ActionResult", [
            ("diagnosticsRef", reference(diagnostics)), ("issues", tobj("ResultIssueSummaries", [("testFailureSummaries", failures)])),
            ("metrics", metrics), ("resultName", tstr("action")), ("status", tstr(status)),
            ("testsRef", reference(plan, "ActionTestPlanRunSummaries")),
        ])),
        ("endedTime", tdate(finish)), ("runDestination", destination), ("schemeCommandName", tstr("Test")),
        ("schemeTaskName", tstr("BuildAndAction")), ("startedTime", tdate(t0)), ("testPlanName", tstr("Vault")),
        ("title", tstr("Testing workspace Vault with scheme Vault")),
    ])
    root = store.typed(tobj("ActionsInvocationRecord", [
        ("actions", tarr([action])), ("issues", tobj("ResultIssueSummaries", [("testFailureSummaries", failures)])),
        ("metrics", metrics),
    ]))
    info = info_plist(run["infoMinor"], finish + 0.375, root)
    files = dict(store.files)
    files["Info.plist"] = info.encode()
    return files, info


def du_txt(entries):
    totals = {}
    for path, size, excluded, step in entries:
        top = path.split("/")[0]
        if "/" not in path.rstrip("/"):
            totals.setdefault(top, 0)
            if not path.endswith("/"):
                continue
        if not path.endswith("/"):
            totals[top] = totals.get(top, 0) + disk(size)
    names = ["Documents", "Library", "tmp", "SystemData"]
    return "".join("%d\t%s\n" % (totals.get(n, 0) // 1024, n) for n in names if n in totals)


CONTAINER = ("/Users/ci/Library/Developer/CoreSimulator/Devices/" + DEVICE_ID
             + "/data/Containers/Data/Application/0E7A3C51-2B9D-4F86-A1C4-7D3E9F0B2A68")


def file_lists(entries):
    """files.txt as `find "$C" -type f -print | LC_ALL=C sort` prints it (absolute
    paths: the leak exhibit strips and warns about), sizes.txt as
    `cd "$C" && find . -type f -exec stat -f '%z%t%N' {} +`, and xattr.txt as
    `cd "$C" && xattr -rl .` (children before their directory)."""
    files = "".join(sorted((CONTAINER + "/" + p + "\n" for p, _, _, _ in entries if not p.endswith("/")),
                           key=lambda s: s.encode()))
    sizes = "".join("%d\t%s\n" % (size, "./" + p) for p, size, _, _ in entries if not p.endswith("/"))
    xattr = []
    for p, size, excluded, step in reversed(entries):
        if excluded:
            xattr.append("./%s: com.apple.metadata:com_apple_backup_excludeItem: com.apple.MobileBackup" % p.rstrip("/"))
        if p == "Documents/Vault.sqlite":
            # A binary plist value printed as a C string: raw bytes up to the first NUL.
            xattr.append("./%s: com.apple.metadata:kMDItemWhereFroms: bplist00\xa1\x01_\x10" % p)
    return files, sizes, ("\n".join(xattr) + "\n").encode("utf-8").replace(b"\xc2\xa1", b"\xa1")


def du_absolute(entries):
    return "".join("%s\t%s/%s\n" % (line.split("\t")[0], CONTAINER, line.split("\t")[1])
                   for line in du_txt(entries).splitlines())


def plist_bytes(fmt, value):
    return plistlib.dumps(value, fmt=plistlib.FMT_BINARY if fmt == "binary" else plistlib.FMT_XML, sort_keys=True)


def main():
    for name, run in RUNS.items():
        run_dir = os.path.join(ROOT, name)
        shutil.rmtree(run_dir, ignore_errors=True)
        os.makedirs(run_dir)
        t0 = epoch(run)
        plists = {path: plist_bytes(fmt, value) for path, (fmt, value) in run.get("plists", {}).items()}
        # The inventory lists each copied preference file with its real size.
        entries = [(p, len(plists[p]), x, st) if p in plists else (p, size, x, st) for p, size, x, st in run["entries"]]
        failures = run["failures"]
        # A run with a timeline also keeps its result bundle (collect --include-xcresult):
        # the prints are of that bundle, so their times and durations are its own.
        tests = timeline(entries, run, t0) if run.get("timeline") else None
        finish = tests[-1]["end"] + 2.375 if tests else t0 + 61.625
        durations = {(t["cls"], t["name"]): t["end"] - t["start"] for t in tests} if tests else None
        write(run_dir, "run.json", run_json(name, run, t0, finish))
        if "summary" in run["results"]:
            write(run_dir, "results/summary.json", summary_json(run, failures, t0, finish, len(tests) if tests else None))
        if "tests" in run["results"]:
            write(run_dir, "results/tests.json", tests_json(run, failures, durations))
        if "legacy" in run["results"]:
            write(run_dir, "results/legacy.json", legacy_json(run, failures, t0, finish - 3.125 if tests else t0 + 58.5))
        if "junit" in run["results"]:
            write(run_dir, "results/junit.xml", junit_xml(failures))
        if run["xcresulttool"]:
            write(run_dir, "results/xcresulttool-version.txt", run["xcresulttool"] + "\n")
        if tests:
            bundle, info = result_bundle(run, tests, t0, finish)
            for rel, data in bundle.items():
                write(run_dir, "results/Vault.xcresult/" + rel, data, binary=True)
            write(run_dir, "results/Info.plist", info)
        elif run["infoMinor"]:
            write(run_dir, "results/Info.plist", info_plist(run["infoMinor"], t0 + 62))
        if run["form"] == "json":
            born = {path: birth for path, _, birth in births(entries, run)} if tests else None
            write(run_dir, "container/inventory.json", ncdu_json(entries, finish + 8.375, born))
        else:
            files, sizes, xattr = file_lists(entries)
            write(run_dir, "container/files.txt", files)
            write(run_dir, "container/sizes.txt", sizes)
            write(run_dir, "container/xattr.txt", xattr, binary=True)
            write(run_dir, "container/times.txt", times_txt(entries, run))
        write(run_dir, "container/du.txt", du_txt(entries) if run["form"] == "json" else du_absolute(entries))
        write(run_dir, "steps.tsv", steps_tsv(entries, run))
        for path, data in plists.items():
            rel = path[len("Library/Preferences/"):]
            write(run_dir, "container/preferences/" + rel, data, binary=True)
        if "app_info" in run:
            write(run_dir, "app/Info.plist", plist_bytes("xml", run["app_info"]), binary=True)
        if "rules_extra" in run or "rules_remove" in run:
            with open(os.path.join(ROOT, "_source", "rules.json")) as f:
                rules = json.load(f)
            for key in run.get("rules_remove", []):
                rules.pop(key, None)
            rules.update(copy.deepcopy(run.get("rules_extra", {})))
            write(run_dir, "rules.json", json.dumps(rules, ensure_ascii=False, indent=2) + "\n")
        else:
            shutil.copy(os.path.join(ROOT, "_source", "rules.json"), os.path.join(run_dir, "rules.json"))


if __name__ == "__main__":
    main()
