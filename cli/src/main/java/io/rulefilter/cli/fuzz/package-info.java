/**
 * Grammar-aware fuzzing of the rule language against Artemis's own filter engine and the JMS client's selector
 * rewriting; run by {@code rulefilter fuzz} and on every build. Internal, not a supported API.
 */
package io.rulefilter.cli.fuzz;
