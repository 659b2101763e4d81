/** The benchmarks behind {@code rulefilter bench}. Internal, not a supported API. */
package io.rulefilter.bench;
