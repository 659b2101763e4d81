/*
 * Copyright 2026 the RuleFilter authors
 *
 * Licensed under the Apache License, Version 2.0 (the "License");
 * you may not use this file except in compliance with the License.
 * You may obtain a copy of the License at
 *
 *     http://www.apache.org/licenses/LICENSE-2.0
 *
 * Unless required by applicable law or agreed to in writing, software
 * distributed under the License is distributed on an "AS IS" BASIS,
 * WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
 * See the License for the specific language governing permissions and
 * limitations under the License.
 */
/**
 * What a rule sees of a message: a tag and attributes, and the body only as Type B content. <b>Supported
 * API</b>: {@link io.rulefilter.message.MessageView}, the interface an adapter implements to evaluate rules on its own
 * messages, with {@link io.rulefilter.message.AttributeKey}, the key it is asked for; and
 * {@link io.rulefilter.message.MessageModel}, which says where the tag is and which names are bookkeeping. A message
 * of plain Java objects comes from {@link io.rulefilter.RuleLanguage#message}.
 */
package io.rulefilter.message;
