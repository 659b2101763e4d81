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
 * A rule's errors and limits. <b>Supported API</b>: {@link io.rulefilter.parse.RuleSyntaxException} and
 * {@link io.rulefilter.parse.RuleLimits}; parse with {@link io.rulefilter.RuleLanguage}. The parser, the printer and the
 * number syntax are in {@code io.rulefilter.internal.parse}.
 */
package io.rulefilter.parse;
