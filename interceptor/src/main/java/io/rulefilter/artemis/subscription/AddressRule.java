package io.rulefilter.artemis.subscription;

import io.rulefilter.artemis.store.StoredAddressRule;
import io.rulefilter.eval.CompiledRule;

/** An address rule as stored, and compiled once for every subscription of the address to share. */
record AddressRule(StoredAddressRule stored, CompiledRule compiled) {
}
