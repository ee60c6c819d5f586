// A mocha reporter that records how long each test file took, hooks included, into
// test/support/mssql-file-seconds.json (what scripts/test-shard.ts spreads the files by),
// and prints failures. Only for refreshing that record: npm run test:mssql -- --reporter <this>.
const fs = require('node:fs');
const path = require('node:path');
const Mocha = require('mocha');

const { EVENT_SUITE_BEGIN, EVENT_SUITE_END, EVENT_RUN_END, EVENT_TEST_FAIL } = Mocha.Runner.constants;
const OUT = path.join(__dirname, 'mssql-file-seconds.json');

class FileSecondsReporter {
  constructor(runner) {
    const started = new Map();
    const totals = new Map();
    let failures = 0;
    runner.on(EVENT_SUITE_BEGIN, (suite) => {
      if (suite.file && suite.parent && suite.parent.root) started.set(suite, performance.now());
    });
    runner.on(EVENT_SUITE_END, (suite) => {
      if (!started.has(suite)) return;
      const file = path.relative(process.cwd(), suite.file).split(path.sep).join('/');
      totals.set(file, (totals.get(file) ?? 0) + performance.now() - started.get(suite));
    });
    runner.on(EVENT_TEST_FAIL, (test, err) => {
      failures += 1;
      console.log(`failed: ${test.fullTitle()}: ${err.message}`);
    });
    runner.on(EVENT_RUN_END, () => {
      const record = Object.fromEntries(
        [...totals].sort(([a], [b]) => a.localeCompare(b)).map(([file, ms]) => [file, Math.round(ms / 100) / 10]),
      );
      const json = `${JSON.stringify(record, null, 2)}\n`;
      if (failures > 0 || process.env.TEST_DB_CLIENT !== 'mssql') {
        console.log(json);
        console.log(`${failures} failed, or not the SQL Server suite: ${OUT} left as it was`);
      } else {
        fs.writeFileSync(OUT, json);
        console.log(`wrote ${OUT}`);
      }
    });
  }
}

module.exports = FileSecondsReporter;
