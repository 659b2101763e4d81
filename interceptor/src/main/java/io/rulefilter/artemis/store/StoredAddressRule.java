package io.rulefilter.artemis.store;

/**
 * An address-level rule, ANDed with the rule of every subscription of the address.
 *
 * @param addressId the address's id in the journal: the rule applies to that very address, never to a later one of
 *                  the same name
 */
public record StoredAddressRule(String address, long addressId, String rule, long changedAt, String changedBy) {
}
