/**
 * What a rule sees of a message: a tag and attributes, never the body. <b>Supported API</b>:
 * {@link io.rulefilter.message.MessageView}, the interface an adapter implements to evaluate rules on its own
 * messages, and {@link io.rulefilter.message.MessageModel}, which says where the tag is and which names are
 * bookkeeping. The rest is public for RuleFilter's own modules and is <b>not a supported API</b>.
 */
package io.rulefilter.message;
