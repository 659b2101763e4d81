/**
 * Every subscription queue's rules and how they combine, driven by Artemis's binding and address hooks and by
 * management changes, with the stored half matched to queues by id. Internal, <b>not a supported API</b>.
 */
package io.rulefilter.artemis.subscription;
