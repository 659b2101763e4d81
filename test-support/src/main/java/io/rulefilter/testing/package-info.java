/**
 * Testing rules the way subscribers use them. <b>Supported API</b>: {@link io.rulefilter.testing.RuleFilterExtension}
 * (a JUnit 5 extension: an in-VM Artemis with RuleFilter, built on Artemis's own {@code EmbeddedActiveMQExtension}),
 * {@link io.rulefilter.testing.AirportMessage}, {@link io.rulefilter.testing.Subscriber} and
 * {@link io.rulefilter.testing.RuleAssert}. Failures say which message went where against the expectation, with
 * the rule's verdict on each condition (what {@code rulefilter explain} prints).
 */
package io.rulefilter.testing;
