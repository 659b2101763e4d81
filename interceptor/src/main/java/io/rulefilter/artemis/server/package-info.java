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
 * What RuleFilter uses of one life of an Artemis server, taken once when the plugin is registered (Artemis registers
 * broker plugins after it has built the post office, storage, pools and services of that life) and handed to each part
 * as the narrow piece it needs. Internal, <b>not a supported API</b>.
 */
package io.rulefilter.artemis.server;
