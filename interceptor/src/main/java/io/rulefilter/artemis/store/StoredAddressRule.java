package io.rulefilter.artemis.store;

/** An address-level rule, ANDed with the rule of every subscription of the address. */
public record StoredAddressRule(String address, String rule, long changedAt, String changedBy) {
}
