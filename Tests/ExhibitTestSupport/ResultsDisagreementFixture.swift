/// Two results files of one run that disagree (hostile repro 9): the summary says
/// Passed with 0 failed, the JUnit report of the same run a failure. Read by the merge
/// tests and by the header's.
public enum ResultsDisagreementFixture {
    public static let passingSummary = #"""
        {"title":"T","result":"Passed","totalTestCount":2,"passedTests":2,"failedTests":0,"skippedTests":0,"expectedFailures":0,
         "environmentDescription":"Vault · B","statistics":[],"topInsights":[],"devicesAndConfigurations":[],"testFailures":[]}
        """#

    public static let junitFailingB = """
        <?xml version="1.0"?>
        <testsuites tests="2" failures="1"><testsuite name="BackupBoundaryTests" tests="2" failures="1">
        <testcase classname="BackupBoundaryTests" name="testA"/>
        <testcase classname="BackupBoundaryTests" name="testB"><failure message="Documents/Vault.sqlite is excluded from backup">x</failure></testcase>
        </testsuite></testsuites>

        """
}
