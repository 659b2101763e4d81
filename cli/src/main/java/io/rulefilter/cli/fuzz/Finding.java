package io.rulefilter.cli.fuzz;

/**
 * A broken promise found by the fuzzer.
 *
 * @param kind   which promise, e.g. {@code exact-disagrees}; shrinking keeps it
 * @param detail what happened, for the report
 */
record Finding(String kind, String detail) {
}
