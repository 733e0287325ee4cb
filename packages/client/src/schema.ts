// Generated from openapi.json by `npm run openapi` (openapi-typescript). Do not edit: change the zod schemas
// and operations under src/api/routes/*/ instead.
export interface paths {
    "/health": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Liveness
         * @description **Authorization**: `public.read` (health and service documents; no credential): no credential.
         */
        get: operations["getHealth"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/health/ready": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Readiness: database, Temporal and storage
         * @description **Authorization**: `public.read` (health and service documents; no credential): no credential.
         */
        get: operations["getReadiness"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/workspaces/{workspaceId}/generate-access-key-token": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Mint an access token (optionally bound to a role)
         * @description Send the workspace API key in x-api-key. With customerRoleId (recommended) or roleId (never both) the token is role-bound: reads are then scoped to that role under ACTIVE RBAC. With subject (an end user's userId or customerIdString) it is that user's token: it reaches only that user's space. Hand end users tokens with a subject (and their role). HS256 JWT, issuer kws, audience kws-api.
         *
         *     **Authorization**: `tokens.issue` (mint an access token, optionally role-bound). Allowed: API key. Refused: workspace access token (401), role-bound access token (401), user space token (401).
         */
        post: operations["generateAccessToken"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api-keys/current": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The workspace and organization the API key in x-api-key belongs to
         * @description For a client given only the key (the console signs in this way): the key names its workspace, then POST /workspaces/{workspaceId}/generate-access-key-token mints its token. The key is looked up by its hash, as every key check is; the answer tells nothing the key does not already reach.
         *
         *     **Authorization**: `apiKeys.identify` (name the presented API key's own workspace and organization (signing in with the key alone)). Allowed: API key. Refused: workspace access token (401), role-bound access token (401), user space token (401).
         */
        get: operations["getApiKeyWorkspace"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/workspaces/{workspaceId}/knowledge": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List knowledge, newest first
         * @description **Authorization**: `knowledge.read` (list, get and search knowledge, and read an item's chunks (role-scoped under RBAC)). Allowed: workspace access token, role-bound access token. Refused: API key (401), user space token (403).
         */
        get: operations["listKnowledge"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/workspaces/{workspaceId}/knowledge/link": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create a link (stored, never fetched; title, description and URL are embedded)
         * @description **Authorization**: `knowledge.write` (create, upload, update and delete workspace knowledge (an upsert by externalId reaches only items in the space it posts to); refetch a URL item; edit, disable and add an item's chunks). Allowed: workspace access token. Refused: API key (401), role-bound access token (403), user space token (403).
         */
        post: operations["createLink"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/workspaces/{workspaceId}/knowledge/text": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Add text as a STRING item (chunked and embedded in the background)
         * @description With the externalId of an existing item (of the same kind), its content is replaced as a new version: same id, roles, categories, attributes and parent (202); when the content hash is the current version's nothing is extracted, embedded or versioned (200, unchanged: true). An item of another kind or space, or a concurrent first post of the same externalId, answers 409 (rules on stored data that the schema cannot state).
         *
         *     **Authorization**: `knowledge.write` (create, upload, update and delete workspace knowledge (an upsert by externalId reaches only items in the space it posts to); refetch a URL item; edit, disable and add an item's chunks). Allowed: workspace access token. Refused: API key (401), role-bound access token (403), user space token (403).
         */
        post: operations["createTextSource"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/workspaces/{workspaceId}/knowledge/url": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Add a web page as a URL item (fetched, its main text extracted and indexed in the background)
         * @description With the externalId of an existing item (of the same kind), its content is replaced as a new version: same id, roles, categories, attributes and parent (202); when the content hash is the current version's nothing is extracted, embedded or versioned (200, unchanged: true). An item of another kind or space, or a concurrent first post of the same externalId, answers 409 (rules on stored data that the schema cannot state). A URL item's page is fetched again (as POST …/{knowledgeId}/refetch); its url must be the item's.
         *
         *     **Authorization**: `knowledge.write` (create, upload, update and delete workspace knowledge (an upsert by externalId reaches only items in the space it posts to); refetch a URL item; edit, disable and add an item's chunks). Allowed: workspace access token. Refused: API key (401), role-bound access token (403), user space token (403).
         */
        post: operations["createUrlSource"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/workspaces/{workspaceId}/knowledge/website": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Add a website: a WEBSITE item crawled in the background, one URL or FILE child per page or file
         * @description The WEBSITE item is the root of a website source with the same id (GET …/sources/{sourceId}: schedule, sync history), and its crawl is that source's first sync. The crawl honours robots.txt, stays on the start host, reads the site's sitemaps, follows links to maxDepth and requests at most maxPages pages; its progress is in POST …/background-jobs (progress: pagesDone, pagesDiscovered, pagesFailed, pagesSkipped).
         *
         *     **Authorization**: `knowledge.write` (create, upload, update and delete workspace knowledge (an upsert by externalId reaches only items in the space it posts to); refetch a URL item; edit, disable and add an item's chunks). Allowed: workspace access token. Refused: API key (401), role-bound access token (403), user space token (403).
         */
        post: operations["createWebsiteSource"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/workspaces/{workspaceId}/knowledge/file": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Upload a file (synchronous, or with status=BACKGROUND_START asynchronous)
         * @description Accepted types: PDF, Word (.doc, .docx), text, Markdown, Excel (.xls, .xlsx), CSV, JPEG, PNG, GIF, WebP, MP4, MPEG audio, WAV, ZIP and JSON; the declared type must match the bytes. With status=BACKGROUND_START the answer comes at once (track it through upload-file-metadata, then get-knowledge); otherwise when the item is searchable, or with status PROCESSING past SYNC_UPLOAD_TIMEOUT_MS. With the externalId of an existing item (of the same kind), its content is replaced as a new version: same id, roles, categories, attributes and parent (202); when the content hash is the current version's nothing is extracted, embedded or versioned (200, unchanged: true). An item of another kind or space, or a concurrent first post of the same externalId, answers 409 (rules on stored data that the schema cannot state).
         *
         *     **Authorization**: `knowledge.write` (create, upload, update and delete workspace knowledge (an upsert by externalId reaches only items in the space it posts to); refetch a URL item; edit, disable and add an item's chunks). Allowed: workspace access token. Refused: API key (401), role-bound access token (403), user space token (403).
         */
        post: operations["uploadFile"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/workspaces/{workspaceId}/knowledge/search": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Metadata search (exact matches, AND); paging in X-Total-Count, X-Page and X-Limit
         * @description **Authorization**: `knowledge.read` (list, get and search knowledge, and read an item's chunks (role-scoped under RBAC)). Allowed: workspace access token, role-bound access token. Refused: API key (401), user space token (403).
         */
        post: operations["searchKnowledgeByMetadata"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/workspaces/{workspaceId}/upload-file-metadata/{uploadFileMetadataId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Track an upload: knowledge is null until background processing created the item
         * @description **Authorization**: `knowledge.read` (list, get and search knowledge, and read an item's chunks (role-scoped under RBAC)). Allowed: workspace access token, role-bound access token. Refused: API key (401), user space token (403).
         */
        get: operations["getUploadFileMetadata"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/workspaces/{workspaceId}/knowledge/{knowledgeId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a knowledge item
         * @description **Authorization**: `knowledge.read` (list, get and search knowledge, and read an item's chunks (role-scoped under RBAC)). Allowed: workspace access token, role-bound access token. Refused: API key (401), user space token (403).
         */
        get: operations["getKnowledge"];
        put?: never;
        post?: never;
        /**
         * Delete an item without children (synchronous)
         * @description **Authorization**: `knowledge.write` (create, upload, update and delete workspace knowledge (an upsert by externalId reaches only items in the space it posts to); refetch a URL item; edit, disable and add an item's chunks). Allowed: workspace access token. Refused: API key (401), role-bound access token (403), user space token (403).
         */
        delete: operations["deleteKnowledge"];
        options?: never;
        head?: never;
        /**
         * Replace an item's attributes (null clears them) or a STRING item's text
         * @description The attributes replace the whole map. A website or unpacked archive passes the change on to its children: each keeps the values it set itself over the parent's new ones. `text` makes a STRING item's next version (README "Versions"): the answer shows it as `pendingVersion` while the item keeps answering from its current version; 409 for another type of item or while a version is still processing (rules on stored data that the schema cannot state).
         *
         *     **Authorization**: `knowledge.write` (create, upload, update and delete workspace knowledge (an upsert by externalId reaches only items in the space it posts to); refetch a URL item; edit, disable and add an item's chunks). Allowed: workspace access token. Refused: API key (401), role-bound access token (403), user space token (403).
         */
        patch: operations["updateKnowledge"];
        trace?: never;
    };
    "/v1/workspaces/{workspaceId}/knowledge/{knowledgeId}/file": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Replace a FILE item's file: its next version, indexed in the background
         * @description The item keeps its id, roles, categories, attributes and parent. Until the new version is COMPLETED every read and search answers from the current one; then, in one transaction, only from the new one. A failed version leaves the current one serving and shows as the item's `pendingVersion` (and in background-jobs). 409 for another type of item or while a version is still processing (rules on stored data).
         *
         *     **Authorization**: `knowledge.write` (create, upload, update and delete workspace knowledge (an upsert by externalId reaches only items in the space it posts to); refetch a URL item; edit, disable and add an item's chunks). Allowed: workspace access token. Refused: API key (401), role-bound access token (403), user space token (403).
         */
        put: operations["replaceKnowledgeFile"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/workspaces/{workspaceId}/knowledge/{knowledgeId}/refetch": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Read a URL item's page again as its next version
         * @description The page is fetched (through the same guarded fetcher as its creation) and indexed as a new version; the answer waits up to SYNC_UPLOAD_TIMEOUT_MS for it. When the content hash is the current version's, no version is made (200, unchanged: true). 409 for an item that is not a URL item, or while a version is processing (rules on stored data that the schema cannot state). A WEBSITE item is recrawled instead (POST …/recrawl).
         *
         *     **Authorization**: `knowledge.write` (create, upload, update and delete workspace knowledge (an upsert by externalId reaches only items in the space it posts to); refetch a URL item; edit, disable and add an item's chunks). Allowed: workspace access token. Refused: API key (401), role-bound access token (403), user space token (403).
         */
        post: operations["refetchKnowledge"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/workspaces/{workspaceId}/knowledge/{knowledgeId}/versions/{version}/restore": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Make an earlier COMPLETED version current again (atomic, no re-extraction)
         * @description The version's kept chunks serve again from the moment of the answer; restoring the current version changes nothing. 409 for a version that is not COMPLETED, whose content was purged, or while a newer version is processing (rules on stored data that the schema cannot state).
         *
         *     **Authorization**: `knowledge.write` (create, upload, update and delete workspace knowledge (an upsert by externalId reaches only items in the space it posts to); refetch a URL item; edit, disable and add an item's chunks). Allowed: workspace access token. Refused: API key (401), role-bound access token (403), user space token (403).
         */
        post: operations["restoreKnowledgeVersion"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/workspaces/{workspaceId}/knowledge/{knowledgeId}/versions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * An item's versions, newest first
         * @description Each with its number, status, size, content hash, the kind of credential that made it and whether it is the current one. Role-scoped like the item: an item the caller may not see answers 404.
         *
         *     **Authorization**: `knowledge.read` (list, get and search knowledge, and read an item's chunks (role-scoped under RBAC)). Allowed: workspace access token, role-bound access token. Refused: API key (401), user space token (403).
         */
        get: operations["listKnowledgeVersions"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/workspaces/{workspaceId}/knowledge/{knowledgeId}/reservedField": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Update an item's title and language (type must equal the stored type)
         * @description `type` must name the item's stored type (422 Knowledge type mismatch otherwise): a rule on stored data that the schema cannot state.
         *
         *     **Authorization**: `knowledge.write` (create, upload, update and delete workspace knowledge (an upsert by externalId reaches only items in the space it posts to); refetch a URL item; edit, disable and add an item's chunks). Allowed: workspace access token. Refused: API key (401), role-bound access token (403), user space token (403).
         */
        put: operations["updateReservedField"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/workspaces/{workspaceId}/knowledge/{knowledgeId}/recrawl": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Crawl a WEBSITE item again with its settings (changed pages re-indexed, vanished ones removed)
         * @description A WEBSITE item is the root of a website source with the same id: a recrawl is that source's sync now (POST …/sources/{sourceId}/sync). Unchanged pages answer 304 to a conditional GET and are not re-indexed. A recrawl that would delete more than the source's maxDeleteShare of its pages ends NEEDS_CONFIRMATION (the site's messageError says so) and changes nothing, until recrawled with confirmDeletes=true. Any item but a WEBSITE answers 400: a rule on stored data that the schema cannot state.
         *
         *     **Authorization**: `knowledge.write` (create, upload, update and delete workspace knowledge (an upsert by externalId reaches only items in the space it posts to); refetch a URL item; edit, disable and add an item's chunks). Allowed: workspace access token. Refused: API key (401), role-bound access token (403), user space token (403).
         */
        post: operations["recrawlWebsite"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/workspaces/{workspaceId}/knowledge/{knowledgeId}/children": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Delete an item and all its descendants (background job, leaves first)
         * @description **Authorization**: `knowledge.write` (create, upload, update and delete workspace knowledge (an upsert by externalId reaches only items in the space it posts to); refetch a URL item; edit, disable and add an item's chunks). Allowed: workspace access token. Refused: API key (401), role-bound access token (403), user space token (403).
         */
        delete: operations["deleteKnowledgeCascade"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/workspaces/{workspaceId}/knowledge/search": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Semantic search (Authorization and x-api-key; organizationid checked when sent)
         * @description One result per item (its best passage), best score first. Ranking options: scoreThreshold, hybridWeight, rerank and rerankCandidates; explain adds the scores behind each result.
         *
         *     **Authorization**: `knowledge.read` (list, get and search knowledge, and read an item's chunks (role-scoped under RBAC)). Allowed: workspace access token, role-bound access token. Refused: API key (401), user space token (403).
         */
        post: operations["searchKnowledge"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/workspaces/{workspaceId}/retrieval-settings": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The workspace's retrieval settings (whether searches rerank by default)
         * @description **Authorization**: `retrieval.read` (read the workspace's retrieval settings (the rerank default)). Allowed: workspace access token, role-bound access token. Refused: API key (401), user space token (403).
         */
        get: operations["getRetrievalSettings"];
        /**
         * Change the workspace's retrieval settings (workspace credentials)
         * @description rerank: whether a knowledge search reranks when its request has no rerank field.
         *
         *     **Authorization**: `retrieval.manage` (change the workspace's retrieval settings). Allowed: workspace access token. Refused: API key (401), role-bound access token (403), user space token (403).
         */
        put: operations["setRetrievalSettings"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/workspaces/{workspaceId}/knowledge/search-title": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Title search (case-insensitive substring, newest first, no score)
         * @description **Authorization**: `knowledge.read` (list, get and search knowledge, and read an item's chunks (role-scoped under RBAC)). Allowed: workspace access token, role-bound access token. Refused: API key (401), user space token (403).
         */
        post: operations["searchKnowledgeByTitle"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/workspaces/{workspaceId}/knowledge/search-title": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Title search (case-insensitive substring, newest first, no score)
         * @description **Authorization**: `knowledge.read` (list, get and search knowledge, and read an item's chunks (role-scoped under RBAC)). Allowed: workspace access token, role-bound access token. Refused: API key (401), user space token (403).
         */
        post: operations["searchKnowledgeByTitleV1"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/workspaces/{workspaceId}/knowledge/{knowledgeId}/chunks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * An item's chunks in order (what search, RAG and the tools read, when enabled)
         * @description Scoped as get-knowledge: an item the credential may not see is 404.
         *
         *     **Authorization**: `knowledge.read` (list, get and search knowledge, and read an item's chunks (role-scoped under RBAC)). Allowed: workspace access token, role-bound access token. Refused: API key (401), user space token (403).
         */
        get: operations["listKnowledgeChunks"];
        put?: never;
        /**
         * Add a chunk by hand (embedded and searchable at once); only to a COMPLETED item
         * @description A new text is embedded first (within half the request timeout); then text, vector and keyword index change together, so searches see the old chunk or the new one, never a mix. When the embedding model fails nothing changes (503, Retry-After). A re-ingestion of the item (a retry, a language change) writes its extracted chunks again: manual edits, added chunks and disabled states are dropped.
         *
         *     **Authorization**: `knowledge.write` (create, upload, update and delete workspace knowledge (an upsert by externalId reaches only items in the space it posts to); refetch a URL item; edit, disable and add an item's chunks). Allowed: workspace access token. Refused: API key (401), role-bound access token (403), user space token (403).
         */
        post: operations["createKnowledgeChunk"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/workspaces/{workspaceId}/knowledge/{knowledgeId}/chunks/{chunkId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Edit a chunk's text (re-embedded) or turn it off and on (enabled); only on a COMPLETED item
         * @description A new text is embedded first (within half the request timeout); then text, vector and keyword index change together, so searches see the old chunk or the new one, never a mix. When the embedding model fails nothing changes (503, Retry-After). A re-ingestion of the item (a retry, a language change) writes its extracted chunks again: manual edits, added chunks and disabled states are dropped.
         *
         *     **Authorization**: `knowledge.write` (create, upload, update and delete workspace knowledge (an upsert by externalId reaches only items in the space it posts to); refetch a URL item; edit, disable and add an item's chunks). Allowed: workspace access token. Refused: API key (401), role-bound access token (403), user space token (403).
         */
        patch: operations["updateKnowledgeChunk"];
        trace?: never;
    };
    "/v1/workspaces/{workspaceId}/rbac-status": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The workspace's RBAC status
         * @description **Authorization**: `rbac.read` (read the RBAC status). Allowed: workspace access token, role-bound access token. Refused: API key (401), user space token (403).
         */
        get: operations["getRbacStatus"];
        /**
         * Turn RBAC on or off
         * @description When ACTIVE, role-bound tokens see only knowledge assigned to their role, on every read path.
         *
         *     **Authorization**: `rbac.manage` (turn RBAC on or off). Allowed: workspace access token. Refused: API key (401), role-bound access token (403), user space token (403).
         */
        put: operations["setRbacStatus"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/workspaces/{workspaceId}/role": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List every role of the workspace (no pagination)
         * @description **Authorization**: `roles.read` (list, get and find roles). Allowed: workspace access token, role-bound access token. Refused: API key (401), user space token (403).
         */
        get: operations["listRoles"];
        put?: never;
        /**
         * Create a role (asynchronous)
         * @description Starts the role-create workflow and answers its id and the id the role will have. A customerRoleId already taken makes the job FAILED with "Role with customerRoleId already exists".
         *
         *     **Authorization**: `roles.manage` (create, update and delete roles). Allowed: workspace access token. Refused: API key (401), role-bound access token (403), user space token (403).
         */
        post: operations["createRole"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/workspaces/{workspaceId}/role/find": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Find roles by customerRoleId (exact) and name (partial, case-insensitive)
         * @description **Authorization**: `roles.read` (list, get and find roles). Allowed: workspace access token, role-bound access token. Refused: API key (401), user space token (403).
         */
        post: operations["findRoles"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/workspaces/{workspaceId}/role/by-customer-role-id/{customerRoleId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a role by its customerRoleId (URL-encoded, case-sensitive)
         * @description **Authorization**: `roles.read` (list, get and find roles). Allowed: workspace access token, role-bound access token. Refused: API key (401), user space token (403).
         */
        get: operations["getRoleByCustomerRoleId"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/workspaces/{workspaceId}/role/{roleId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a role
         * @description **Authorization**: `roles.read` (list, get and find roles). Allowed: workspace access token, role-bound access token. Refused: API key (401), user space token (403).
         */
        get: operations["getRole"];
        /**
         * Update a role (asynchronous; omitted fields stay unchanged)
         * @description **Authorization**: `roles.manage` (create, update and delete roles). Allowed: workspace access token. Refused: API key (401), role-bound access token (403), user space token (403).
         */
        put: operations["updateRole"];
        post?: never;
        /**
         * Delete a role (asynchronous); its knowledge and taxonomy assignments go with it
         * @description **Authorization**: `roles.manage` (create, update and delete roles). Allowed: workspace access token. Refused: API key (401), role-bound access token (403), user space token (403).
         */
        delete: operations["deleteRole"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/workspaces/{workspaceId}/knowledge/{knowledgeId}/role": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The roles assigned to a knowledge item
         * @description **Authorization**: `knowledge.read` (list, get and search knowledge, and read an item's chunks (role-scoped under RBAC)). Allowed: workspace access token, role-bound access token. Refused: API key (401), user space token (403).
         */
        get: operations["listKnowledgeRoles"];
        put?: never;
        /**
         * Assign roles to a knowledge item (asynchronous)
         * @description Requires RBAC ACTIVE and role ids of this workspace; completion shows in the item's role list.
         *
         *     **Authorization**: `roles.assign` (assign roles to knowledge and remove them). Allowed: workspace access token. Refused: API key (401), role-bound access token (403), user space token (403).
         */
        post: operations["assignKnowledgeRoles"];
        /**
         * Remove roles from a knowledge item (asynchronous)
         * @description Requires RBAC ACTIVE and role ids of this workspace; completion shows in the item's role list.
         *
         *     **Authorization**: `roles.assign` (assign roles to knowledge and remove them). Allowed: workspace access token. Refused: API key (401), role-bound access token (403), user space token (403).
         */
        delete: operations["unassignKnowledgeRoles"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/workspaces/{workspaceId}/knowledge/{knowledgeId}/access": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Why a role's search does or does not find an item
         * @description The roles that see the item (assigned to it or to its parent), its chunks, and every rule that keeps it out of a search made with the role's token (without roleId: the workspace's), given the search's filter.
         *
         *     **Authorization**: `access.explain` (explain which rule keeps an item out of a role's searches (the console's "why not?")). Allowed: workspace access token. Refused: API key (401), role-bound access token (403), user space token (403).
         */
        get: operations["explainKnowledgeAccess"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/workspaces/{workspaceId}/background-jobs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The workspace's recent background jobs
         * @description The workspace's jobs as Temporal lists them: running ones first, then the most recently closed, a page at a time (follow nextCursor). Workspace credentials only: the list names every user's jobs. Answers 503 when Temporal does not answer within a few seconds.
         *
         *     **Authorization**: `jobs.list` (list the workspace's recent background jobs (every user's: not a role-bound token)). Allowed: workspace access token. Refused: API key (401), role-bound access token (403), user space token (403).
         */
        get: operations["listBackgroundJobs"];
        put?: never;
        /**
         * Background jobs' status
         * @description Status of each job id: RUNNING, COMPLETED, FAILED, CANCELED, TERMINATED, TIMED_OUT, or NOT_FOUND (unknown, or another workspace's job).
         *
         *     **Authorization**: `jobs.read` (read background jobs' status). Allowed: workspace access token, role-bound access token. Refused: API key (401), user space token (403).
         */
        post: operations["getBackgroundJobs"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/workspaces/{workspaceId}/categories": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List categories, by name (counts follow what the caller may see)
         * @description **Authorization**: `catalog.read` (categories and taxonomies (role-scoped under RBAC)). Allowed: workspace access token, role-bound access token. Refused: API key (401), user space token (403).
         */
        get: operations["listCategories"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/workspaces/{workspaceId}/categories/{categoryId}/knowledge": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A category's knowledge that the caller may see (no pagination)
         * @description **Authorization**: `catalog.read` (categories and taxonomies (role-scoped under RBAC)). Allowed: workspace access token, role-bound access token. Refused: API key (401), user space token (403).
         */
        get: operations["listCategoryKnowledge"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/workspaces/{workspaceId}/taxonomy": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List taxonomies, by name
         * @description **Authorization**: `catalog.read` (categories and taxonomies (role-scoped under RBAC)). Allowed: workspace access token, role-bound access token. Refused: API key (401), user space token (403).
         */
        get: operations["listTaxonomies"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/workspaces/{workspaceId}/activate-or-retrieve-user-space-api-key": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Activate (or retrieve) a user's space with the API key and mint a user space token
         * @description **Authorization**: `spaces.activate` (activate a user's space and mint a user space token (an end user's token: only its own role's and subject's spaces)). Allowed: API key. Refused: workspace access token (401), role-bound access token (401), user space token (401).
         */
        post: operations["activateUserSpaceWithApiKey"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/workspaces/{workspaceId}/activate-or-retrieve-user-space": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Activate (or retrieve) a user's space with an access token (idempotent)
         * @description The role comes from the body, else it is inherited from the calling token; a role-bound caller may name only its own role (403 otherwise). The space records its role: the workspace credential sets it on every activation, an end user's token (role- or subject-bound) reaches only a space of its own role and, with a subject, only that user's space (403 otherwise). isNew is true only when the space was just created.
         *
         *     **Authorization**: `spaces.activate` (activate a user's space and mint a user space token (an end user's token: only its own role's and subject's spaces)). Allowed: workspace access token, role-bound access token. Refused: API key (401), user space token (403).
         */
        put: operations["activateUserSpace"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/workspaces/{workspaceId}/spaces/{spaceId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a space with its members and group conversations
         * @description **Authorization**: `spaces.read` (read a space and its messages (a user space token: its own spaces; an end user's token: its lane)). Allowed: workspace access token, role-bound access token, user space token. Refused: API key (401).
         */
        get: operations["getSpace"];
        put?: never;
        post?: never;
        /**
         * Erase a user's space and the user: a data-subject erasure (background job; the workspace credential)
         * @description Deletes the space's user and everything of the space: members, groups, messages, files, their passages and vectors, and the stored blobs (at once, without the purge delay). Follow the job with background-jobs.
         *
         *     **Authorization**: `spaces.erase` (erase a user's space and the user (messages, files, vectors, blobs): a data-subject erasure). Allowed: workspace access token. Refused: API key (401), role-bound access token (403), user space token (403).
         */
        delete: operations["eraseSpace"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/workspaces/{workspaceId}/spaces/{spaceId}/group": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create a group conversation
         * @description **Authorization**: `spaces.write` (create a group conversation in a space (not a role-bound token: it speaks for no space's user)). Allowed: workspace access token, user space token. Refused: API key (401), role-bound access token (403).
         */
        post: operations["createGroup"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/workspaces/{workspaceId}/spaces/{spaceId}/message": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A group's messages, oldest first (the default group without groupId); a page with limit and before
         * @description At most 200 messages per response: without limit and before, the latest 200; page back with before (the first message's id).
         *
         *     **Authorization**: `spaces.read` (read a space and its messages (a user space token: its own spaces; an end user's token: its lane)). Allowed: workspace access token, role-bound access token, user space token. Refused: API key (401).
         */
        get: operations["listMessages"];
        put?: never;
        /**
         * Post a message as the space user (a user space token)
         * @description **Authorization**: `spaces.post` (post a message or feedback as the space user). Allowed: user space token. Refused: API key (401), workspace access token (403), role-bound access token (403).
         */
        post: operations["postMessage"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/workspaces/{workspaceId}/spaces/{spaceId}/message/{messageId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Feedback on a message: thumbUp or thumbDown (setting one clears the other)
         * @description **Authorization**: `spaces.post` (post a message or feedback as the space user). Allowed: user space token. Refused: API key (401), workspace access token (403), role-bound access token (403).
         */
        patch: operations["setMessageFeedback"];
        trace?: never;
    };
    "/v1/workspaces/{workspaceId}/spaces/{spaceId}/knowledge": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the space's own files (uploaded with spaceId), newest first
         * @description A member's user space token or the workspace credential. Workspace knowledge routes never show a space's files.
         *
         *     **Authorization**: `spaces.files` (list, get and delete a space's own files (a user space token: its own spaces only)). Allowed: workspace access token, user space token. Refused: API key (401), role-bound access token (403).
         */
        get: operations["listSpaceKnowledge"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/workspaces/{workspaceId}/spaces/{spaceId}/knowledge/{knowledgeId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get one of the space's own files
         * @description **Authorization**: `spaces.files` (list, get and delete a space's own files (a user space token: its own spaces only)). Allowed: workspace access token, user space token. Refused: API key (401), role-bound access token (403).
         */
        get: operations["getSpaceKnowledge"];
        put?: never;
        post?: never;
        /**
         * Delete one of the space's own files (its stored file is purged after FILE_PURGE_DELAY); a user space token only as the space's HOST or CO_HOST (a GUEST: 403)
         * @description **Authorization**: `spaces.files` (list, get and delete a space's own files (a user space token: its own spaces only)). Allowed: workspace access token, user space token. Refused: API key (401), role-bound access token (403).
         */
        delete: operations["deleteSpaceKnowledge"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/workspaces/{workspaceId}/spaces/{spaceId}/rag": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Passages from workspace knowledge (role-scoped under RBAC) and from the space's own knowledge
         * @description topK (1..10, default 5) applies to each list; most relevant first. The ranking options (scoreThreshold, hybridWeight, rerank, rerankCandidates) apply to each list; reranking only when rerank is true.
         *
         *     **Authorization**: `spaces.rag` (retrieve passages for a space it reaches (workspace knowledge role-scoped under RBAC, plus the space's own)). Allowed: workspace access token, role-bound access token, user space token. Refused: API key (401).
         */
        post: operations["spaceRag"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/workspaces/{workspaceId}/agent/threads": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List threads, newest first (under ACTIVE RBAC the token's role's only)
         * @description **Authorization**: `agent.use` (agent threads, messages, runs, RAG, tools and MCP; under ACTIVE RBAC only a role-bound token, and only its role's threads and knowledge). Allowed: workspace access token, role-bound access token. Refused: API key (401), user space token (403). Under ACTIVE RBAC: role-bound access token only.
         */
        get: operations["listAgentThreads"];
        put?: never;
        /**
         * Create a thread (bound to the token's role under ACTIVE RBAC)
         * @description **Authorization**: `agent.use` (agent threads, messages, runs, RAG, tools and MCP; under ACTIVE RBAC only a role-bound token, and only its role's threads and knowledge). Allowed: workspace access token, role-bound access token. Refused: API key (401), user space token (403). Under ACTIVE RBAC: role-bound access token only.
         */
        post: operations["createAgentThread"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/workspaces/{workspaceId}/agent/threads/{threadId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a thread with its messages
         * @description **Authorization**: `agent.use` (agent threads, messages, runs, RAG, tools and MCP; under ACTIVE RBAC only a role-bound token, and only its role's threads and knowledge). Allowed: workspace access token, role-bound access token. Refused: API key (401), user space token (403). Under ACTIVE RBAC: role-bound access token only.
         */
        get: operations["getAgentThread"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/workspaces/{workspaceId}/agent/threads/{threadId}/messages": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Store a message (idempotent by its client-generated id)
         * @description A repeat with the same id and body answers 200 with the stored message; a different body is 409.
         *
         *     **Authorization**: `agent.use` (agent threads, messages, runs, RAG, tools and MCP; under ACTIVE RBAC only a role-bound token, and only its role's threads and knowledge). Allowed: workspace access token, role-bound access token. Refused: API key (401), user space token (403). Under ACTIVE RBAC: role-bound access token only.
         */
        post: operations["postAgentMessage"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/workspaces/{workspaceId}/agent/threads/{threadId}/runs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Run the thread's agent server; the answer streams as Server-Sent Events
         * @description Events: message.delta, tool.call, tool.result, sources, message.completed, error ({error, message}), done ({runId, status}); each event's data is one JSON object.
         *
         *     **Authorization**: `agent.use` (agent threads, messages, runs, RAG, tools and MCP; under ACTIVE RBAC only a role-bound token, and only its role's threads and knowledge). Allowed: workspace access token, role-bound access token. Refused: API key (401), user space token (403). Under ACTIVE RBAC: role-bound access token only.
         */
        post: operations["runAgentThread"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/workspaces/{workspaceId}/agent/rag": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Passages from workspace knowledge (under ACTIVE RBAC the token's role's)
         * @description The ranking options (scoreThreshold, hybridWeight, rerank, rerankCandidates) as in space RAG.
         *
         *     **Authorization**: `agent.use` (agent threads, messages, runs, RAG, tools and MCP; under ACTIVE RBAC only a role-bound token, and only its role's threads and knowledge). Allowed: workspace access token, role-bound access token. Refused: API key (401), user space token (403). Under ACTIVE RBAC: role-bound access token only.
         */
        post: operations["agentRag"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/workspaces/{workspaceId}/agent/tools": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The first-party tools and their input schemas
         * @description **Authorization**: `agent.use` (agent threads, messages, runs, RAG, tools and MCP; under ACTIVE RBAC only a role-bound token, and only its role's threads and knowledge). Allowed: workspace access token, role-bound access token. Refused: API key (401), user space token (403). Under ACTIVE RBAC: role-bound access token only.
         */
        get: operations["listAgentTools"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/workspaces/{workspaceId}/agent/tools/{name}/execute": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Execute a first-party tool in the caller's scope
         * @description `input` must match the input schema of the tool the path names (GET …/agent/tools lists them; 400 naming the field otherwise, e.g. "Missing required field: input.query"): the schema of one tool per path parameter is a rule JSON Schema cannot state on one operation.
         *
         *     **Authorization**: `agent.use` (agent threads, messages, runs, RAG, tools and MCP; under ACTIVE RBAC only a role-bound token, and only its role's threads and knowledge). Allowed: workspace access token, role-bound access token. Refused: API key (401), user space token (403). Under ACTIVE RBAC: role-bound access token only.
         */
        post: operations["executeAgentTool"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/workspaces/{workspaceId}/agent/servers": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List agent servers
         * @description **Authorization**: `agent.manage` (register, update and remove agent servers (workspace configuration, whatever the RBAC status)). Allowed: workspace access token. Refused: API key (401), role-bound access token (403), user space token (403).
         */
        get: operations["listAgentServers"];
        put?: never;
        /**
         * Register an agent server (an OpenAI-compatible chat completions endpoint)
         * @description **Authorization**: `agent.manage` (register, update and remove agent servers (workspace configuration, whatever the RBAC status)). Allowed: workspace access token. Refused: API key (401), role-bound access token (403), user space token (403).
         */
        post: operations["createAgentServer"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/workspaces/{workspaceId}/agent/servers/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get an agent server
         * @description **Authorization**: `agent.manage` (register, update and remove agent servers (workspace configuration, whatever the RBAC status)). Allowed: workspace access token. Refused: API key (401), role-bound access token (403), user space token (403).
         */
        get: operations["getAgentServer"];
        put?: never;
        post?: never;
        /**
         * Remove an agent server
         * @description **Authorization**: `agent.manage` (register, update and remove agent servers (workspace configuration, whatever the RBAC status)). Allowed: workspace access token. Refused: API key (401), role-bound access token (403), user space token (403).
         */
        delete: operations["deleteAgentServer"];
        options?: never;
        head?: never;
        /**
         * Update an agent server (null clears description, model and authToken)
         * @description A url on another origin (scheme, host or port) drops the stored authToken unless the same request sends a new one: a token is only ever sent to the origin it was given for.
         *
         *     **Authorization**: `agent.manage` (register, update and remove agent servers (workspace configuration, whatever the RBAC status)). Allowed: workspace access token. Refused: API key (401), role-bound access token (403), user space token (403).
         */
        patch: operations["updateAgentServer"];
        trace?: never;
    };
    "/v1/workspaces/{workspaceId}/mcp": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The first-party tools over MCP (Streamable HTTP, JSON responses, stateless)
         * @description A JSON-RPC 2.0 request (initialize, tools/list, tools/call) with `Accept: application/json, text/event-stream` (the MCP transport answers 406 otherwise); protocol errors come as JSON-RPC error bodies. One message per POST: a JSON-RPC batch (an array) answers 400 with a JSON-RPC error (MCP 2025-06-18 removed batches).
         *
         *     **Authorization**: `agent.use` (agent threads, messages, runs, RAG, tools and MCP; under ACTIVE RBAC only a role-bound token, and only its role's threads and knowledge). Allowed: workspace access token, role-bound access token. Refused: API key (401), user space token (403). Under ACTIVE RBAC: role-bound access token only.
         */
        post: operations["mcp"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/workspaces/{workspaceId}/webhooks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The workspace's webhook endpoints, oldest first (without their secrets)
         * @description **Authorization**: `webhooks.manage` (add, change and delete webhook endpoints and read their delivery log). Allowed: workspace access token. Refused: API key (401), role-bound access token (403), user space token (403).
         */
        get: operations["listWebhooks"];
        put?: never;
        /**
         * Add a webhook endpoint; the answer carries its signing secret (shown this once)
         * @description Events are POSTed as JSON, signed per Standard Webhooks (webhook-id, webhook-timestamp, webhook-signature), and retried with exponential backoff until the endpoint answers 2xx. Endpoints on loopback, private, link-local and other reserved addresses (in any spelling: IPv4-mapped, NAT64 and 6to4 IPv6 forms included) are refused with 400, and deliveries to them are never connected, unless WEBHOOK_ALLOW_PRIVATE_TARGETS is set.
         *
         *     **Authorization**: `webhooks.manage` (add, change and delete webhook endpoints and read their delivery log). Allowed: workspace access token. Refused: API key (401), role-bound access token (403), user space token (403).
         */
        post: operations["createWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/workspaces/{workspaceId}/webhooks/{webhookId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A webhook endpoint (without its secret)
         * @description **Authorization**: `webhooks.manage` (add, change and delete webhook endpoints and read their delivery log). Allowed: workspace access token. Refused: API key (401), role-bound access token (403), user space token (403).
         */
        get: operations["getWebhook"];
        put?: never;
        post?: never;
        /**
         * Remove an endpoint and its delivery log
         * @description **Authorization**: `webhooks.manage` (add, change and delete webhook endpoints and read their delivery log). Allowed: workspace access token. Refused: API key (401), role-bound access token (403), user space token (403).
         */
        delete: operations["deleteWebhook"];
        options?: never;
        head?: never;
        /**
         * Change an endpoint (URL, events, description, enabled) or rotate its secret
         * @description Fields not sent keep their value (an empty body changes nothing).
         *
         *     **Authorization**: `webhooks.manage` (add, change and delete webhook endpoints and read their delivery log). Allowed: workspace access token. Refused: API key (401), role-bound access token (403), user space token (403).
         */
        patch: operations["updateWebhook"];
        trace?: never;
    };
    "/v1/workspaces/{workspaceId}/webhooks/{webhookId}/test": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send a webhook.test event to this endpoint alone, through the normal (signed, retried) delivery
         * @description The event ({"type":"webhook.test","timestamp":…,"data":{"workspaceId":…,"webhookId":…}}) is recorded in the endpoint's delivery log whatever events it subscribes to, and delivered in the background (202).
         *
         *     **Authorization**: `webhooks.manage` (add, change and delete webhook endpoints and read their delivery log). Allowed: workspace access token. Refused: API key (401), role-bound access token (403), user space token (403).
         */
        post: operations["sendWebhookTestEvent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/workspaces/{workspaceId}/webhooks/{webhookId}/deliveries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * An endpoint's deliveries, newest first, each with its attempts
         * @description **Authorization**: `webhooks.manage` (add, change and delete webhook endpoints and read their delivery log). Allowed: workspace access token. Refused: API key (401), role-bound access token (403), user space token (403).
         */
        get: operations["listWebhookDeliveries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/workspaces/{workspaceId}/storage": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The workspace's stored-file bytes against its quota
         * @description **Authorization**: `storage.read` (read the workspace's stored-file bytes against its quota). Allowed: workspace access token. Refused: API key (401), role-bound access token (403), user space token (403).
         */
        get: operations["getStorageUsage"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/workspaces/{workspaceId}/api-keys": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The workspace's API keys, oldest first, revoked ones included (never the key or its hash)
         * @description **Authorization**: `apiKeys.manage` (create (shown once), list and revoke the workspace's API keys; a key outlives the token that minted it). Allowed: workspace access token. Refused: API key (401), role-bound access token (403), user space token (403).
         */
        get: operations["listApiKeys"];
        put?: never;
        /**
         * Create an API key; the answer carries the key, shown this once (it is stored only as a hash)
         * @description The key lives until it is revoked: it outlives the access token that created it, and mints tokens of its own.
         *
         *     **Authorization**: `apiKeys.manage` (create (shown once), list and revoke the workspace's API keys; a key outlives the token that minted it). Allowed: workspace access token. Refused: API key (401), role-bound access token (403), user space token (403).
         */
        post: operations["createApiKey"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/workspaces/{workspaceId}/api-keys/{keyId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Revoke an API key of this workspace; the tokens it minted stop working too
         * @description **Authorization**: `apiKeys.manage` (create (shown once), list and revoke the workspace's API keys; a key outlives the token that minted it). Allowed: workspace access token. Refused: API key (401), role-bound access token (403), user space token (403).
         */
        delete: operations["revokeApiKey"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/workspaces/{workspaceId}/sources": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The workspace's sources, oldest first (never their secrets)
         * @description **Authorization**: `sources.manage` (create, change (rules included), delete and sync sources (website, s3, …) and read their sync history; their items are read under the knowledge rules). Allowed: workspace access token. Refused: API key (401), role-bound access token (403), user space token (403).
         */
        get: operations["listSources"];
        put?: never;
        /**
         * Add a source; its documents become the children of its root item at each sync
         * @description Roles and attributes given here apply to every item the source brings, at read time; with rules, each document gets those of the first rule it matches (the roles and attributes given here being the default), at every sync. With a schedule, a Temporal schedule syncs it every intervalSeconds (a sync never overlaps another).
         *
         *     **Authorization**: `sources.manage` (create, change (rules included), delete and sync sources (website, s3, …) and read their sync history; their items are read under the knowledge rules). Allowed: workspace access token. Refused: API key (401), role-bound access token (403), user space token (403).
         */
        post: operations["createSource"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/workspaces/{workspaceId}/sources/{sourceId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A source with its last sync (never its secrets)
         * @description **Authorization**: `sources.manage` (create, change (rules included), delete and sync sources (website, s3, …) and read their sync history; their items are read under the knowledge rules). Allowed: workspace access token. Refused: API key (401), role-bound access token (403), user space token (403).
         */
        get: operations["getSource"];
        put?: never;
        post?: never;
        /**
         * Delete a source and its schedule; with deleteItems=true its items too (a cascade delete job)
         * @description **Authorization**: `sources.manage` (create, change (rules included), delete and sync sources (website, s3, …) and read their sync history; their items are read under the knowledge rules). Allowed: workspace access token. Refused: API key (401), role-bound access token (403), user space token (403).
         */
        delete: operations["deleteSource"];
        options?: never;
        head?: never;
        /**
         * Change a source: name, config, secrets, schedule (pause and resume), roles, attributes, rules, maxDeleteShare
         * @description Fields not sent keep their value; roleIds replaces the set of roles, rules the list of rules. A change of the rules (or of roleIds while there are rules) is applied to every document by a rules job (rulesJobId): nothing is fetched or embedded again.
         *
         *     **Authorization**: `sources.manage` (create, change (rules included), delete and sync sources (website, s3, …) and read their sync history; their items are read under the knowledge rules). Allowed: workspace access token. Refused: API key (401), role-bound access token (403), user space token (403).
         */
        patch: operations["updateSource"];
        trace?: never;
    };
    "/v1/workspaces/{workspaceId}/sources/{sourceId}/sync": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Sync now (or answer the sync running)
         * @description Only new and changed documents are fetched and indexed; the items of documents the source no longer holds are deleted. A sync that would delete more than the source's maxDeleteShare of its items ends NEEDS_CONFIRMATION and changes nothing, until synced with confirmDeletes=true. An unreachable source or refused credentials fail the sync with the reason and delete nothing.
         *
         *     **Authorization**: `sources.manage` (create, change (rules included), delete and sync sources (website, s3, …) and read their sync history; their items are read under the knowledge rules). Allowed: workspace access token. Refused: API key (401), role-bound access token (403), user space token (403).
         */
        post: operations["syncSource"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/workspaces/{workspaceId}/sources/{sourceId}/rules": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A source's rules, the documents each gives roles to, and the items no role reaches
         * @description Workspace credentials only (role-bound tokens see the effect of rules, never the rules). unreached lists the items that under ACTIVE RBAC no role-bound token reads; pending counts the documents the rules job has not reached yet.
         *
         *     **Authorization**: `sources.rules` (read a source's rules with the documents each gives roles to, and its items no role reaches (rules are set with the source: role-bound tokens see their effect, never the rules)). Allowed: workspace access token. Refused: API key (401), role-bound access token (403), user space token (403).
         */
        get: operations["getSourceRules"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/workspaces/{workspaceId}/sources/{sourceId}/rules:preview": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Dry-run a change of rules: which documents would change roles (nothing is written)
         * @description Evaluates the rules given (absent: the source's own) with roleIds as the default on the facts the last sync recorded of every document, and lists the documents whose roles would change: what the rules job does once the same rules are set with PATCH.
         *
         *     **Authorization**: `sources.preview` (dry-run a change of a source's rules: which documents would change roles (nothing is written)). Allowed: workspace access token. Refused: API key (401), role-bound access token (403), user space token (403).
         */
        post: operations["previewSourceRules"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/workspaces/{workspaceId}/sources/{sourceId}/syncs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A source's syncs, newest first, with their counts and failures
         * @description **Authorization**: `sources.manage` (create, change (rules included), delete and sync sources (website, s3, …) and read their sync history; their items are read under the knowledge rules). Allowed: workspace access token. Refused: API key (401), role-bound access token (403), user space token (403).
         */
        get: operations["listSourceSyncs"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/metrics": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Prometheus metrics of this API process (request latency by route, ingestion, webhooks, the process's own)
         * @description Outside the workspace credentials: open, or, when the deployment sets METRICS_TOKEN, only with `Authorization: Bearer <METRICS_TOKEN>` (401 otherwise). The worker serves the same on its own port (WORKER_METRICS_PORT).
         *
         *     **Authorization**: `public.read` (health and service documents; no credential): no credential.
         */
        get: operations["getMetrics"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/openapi.json": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * This OpenAPI 3.1 document
         * @description Generated from the validators and the mounted routes; the same file is committed as openapi.json.
         *
         *     **Authorization**: `public.read` (health and service documents; no credential): no credential.
         */
        get: operations["getOpenApiDocument"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/docs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The interactive API reference (Swagger UI, served from its npm package)
         * @description **Authorization**: `public.read` (health and service documents; no credential): no credential.
         */
        get: operations["getDocsPage"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/docs/assets/{file}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The reference page's scripts and styles
         * @description **Authorization**: `public.read` (health and service documents; no credential): no credential.
         */
        get: operations["getDocsAsset"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/console": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The operator console (a static page; it calls only the public API, with the credential you give it)
         * @description **Authorization**: `public.read` (health and service documents; no credential): no credential.
         */
        get: operations["getConsolePage"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/console/assets/{file}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The console's scripts and styles (content-hashed names)
         * @description **Authorization**: `public.read` (health and service documents; no credential): no credential.
         */
        get: operations["getConsoleAsset"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        JsonRpcMessage: {
            /** @constant */
            jsonrpc: "2.0";
            id?: string | number;
            method: string;
            params?: {
                [key: string]: components["schemas"]["CleanJsonValue"];
            };
        };
        SourceRule: {
            match: components["schemas"]["SourceRuleMatch"];
            /** @description The roles a matching document gets (absent: the source's own roleIds) */
            roleIds?: string[];
            /** @description Attributes a matching document gets over the source's */
            attributes?: {
                [key: string]: string | number | boolean;
            };
        };
        /** @description Every condition given must hold */
        SourceRuleMatch: {
            /** @description Globs on the document's path within the source (any of them): an s3 key after the prefix, a repository path, a URL's path without its leading /. `*` within a segment, `**` any segments, `?`, `[a-z]`. */
            paths?: string[];
            /** @description s3: object user metadata (x-amz-meta-*, keys case-insensitive); every key must hold one of its values */
            metadata?: {
                [key: string]: string | string[];
            };
            /** @description s3: object tags; every key must hold one of its values */
            tags?: {
                [key: string]: string | string[];
            };
            /** @description git: owners from the repository's CODEOWNERS file (config.codeowners), e.g. @acme/hr (any of them) */
            owners?: string[];
        };
        SourceRulesPreviewRequest: {
            /** @description Who may read each document, from where it lives: evaluated in order, the first rule whose match the document meets gives its roles and attributes; a document no rule matches gets the source's own. At most 50 rules of at most 32 patterns of 256 characters. A change is applied to every document by a rules job (rulesJobId), without fetching or embedding anything. */
            rules?: components["schemas"]["SourceRule"][];
            /** @description The source's own roles to try (the default of documents no rule matches) */
            roleIds?: string[];
            /**
             * @description The most changes listed (all are counted)
             * @default 100
             */
            limit: number;
        };
        /** @description The body of every error response */
        Error: {
            /** @description The HTTP reason phrase, or "Error" on some space and RAG errors */
            error: string;
            /** @description What went wrong (the messages the specification names, verbatim) */
            message: string;
        };
        ReadinessCheck: {
            /** @enum {string} */
            status: "up" | "down";
        };
        ApiKeyWorkspace: {
            /**
             * Format: uuid
             * @description The workspace the key belongs to (the {workspaceId} of every workspace path)
             */
            workspaceId: string;
            /** @description The workspace's organization (the organizationid header) */
            organizationId: string;
            apiKey: {
                /**
                 * Format: uuid
                 * @description The key
                 */
                id: string;
                name: string;
                /** @description The first characters of the key, to recognise it */
                prefix: string;
                /**
                 * Format: date-time
                 * @description ISO 8601 timestamp (UTC)
                 */
                createdAt: string;
                /** @description When the key last minted a token (null: never) */
                lastUsedAt: string | null;
                revokedAt: string | null;
            };
        };
        Knowledge: {
            /**
             * Format: uuid
             * @description The knowledge item
             */
            id: string;
            /** @description FILE, URL, LINK, STRING, or a hierarchical kind such as WEBSITE */
            type: string;
            /** @description URL, file path or text */
            content: string;
            url: string | null;
            /** @enum {string} */
            status: "COMPLETED" | "BACKGROUND_START" | "BACKGROUND_ERROR";
            /** @description Why processing failed (BACKGROUND_ERROR) */
            messageError?: string;
            metadata: components["schemas"]["KnowledgeMetadata"];
            /** @description The item's attributes (a child's include its parent's) */
            attributes: {
                [key: string]: string | number | boolean;
            };
            parentId: string | null;
            /** @description The client's own id for the item (null: none) */
            externalId: string | null;
            /** @description The version whose content reads and searches answer from */
            version: number;
            /** @description The item's newest version when it is not yet (PROCESSING) or will not become (FAILED) the current one; on the single item only */
            pendingVersion?: {
                number: number;
                /** @enum {string} */
                status: "PROCESSING" | "FAILED";
                /** @description Why the version failed (FAILED) */
                messageError?: string;
            };
            /**
             * Format: date-time
             * @description ISO 8601 timestamp (UTC)
             */
            createdAt: string;
            /**
             * Format: date-time
             * @description ISO 8601 timestamp (UTC)
             */
            updatedAt: string;
        };
        /** @description Free key-value metadata; title always, description and language when set */
        KnowledgeMetadata: {
            title: string;
            description?: string;
            language?: string;
        } & {
            [key: string]: unknown;
        };
        KnowledgeUpserted: {
            /**
             * Format: uuid
             * @description The item
             */
            id: string;
            /**
             * Format: uuid
             * @description The item (equal to id)
             */
            knowledgeId: string;
            /** @description The item's external id (null: none) */
            externalId: string | null;
            /** @description true: the content's hash is the current version's; nothing was extracted, embedded or versioned */
            unchanged: boolean;
            /** @description unchanged: the current version; otherwise the new one (a website: its current one, being recrawled) */
            version: number;
            /**
             * @description unchanged: the item's status; otherwise the new version's (a refetch waits up to SYNC_UPLOAD_TIMEOUT_MS for its fetch) or, for a website's recrawl, BACKGROUND_START
             * @enum {string}
             */
            status: "PROCESSING" | "COMPLETED" | "FAILED" | "BACKGROUND_START" | "BACKGROUND_ERROR";
            /** @description The new version's ingestion job, or the recrawl (not when unchanged) */
            jobId?: string;
        };
        SourceCreated: {
            /**
             * Format: uuid
             * @description The new item
             */
            id: string;
            /**
             * Format: uuid
             * @description The new item (equal to id)
             */
            knowledgeId: string;
            /** @description Its ingestion job, or a website's crawl (its source's sync) (POST …/background-jobs) */
            jobId: string;
            /** @constant */
            status: "BACKGROUND_START";
        };
        /** @description status=BACKGROUND_START: answered at once */
        UploadStarted: {
            /**
             * Format: uuid
             * @description The upload, tracked through upload-file-metadata
             */
            uploadFileMetadataId: string;
            title: string;
            description: string | null;
            language: string | null;
            /** @description The ingestion workflow */
            jobId: string;
            /** @constant */
            status: "BACKGROUND_START";
        };
        /** @description Synchronous upload: COMPLETED when searchable, PROCESSING past SYNC_UPLOAD_TIMEOUT_MS */
        UploadProcessed: {
            /**
             * Format: uuid
             * @description The upload, tracked through upload-file-metadata
             */
            uploadFileMetadataId: string;
            title: string;
            description: string | null;
            language: string | null;
            /** @description The ingestion workflow */
            jobId: string;
            /**
             * Format: uuid
             * @description The knowledge item
             */
            id: string;
            /**
             * Format: uuid
             * @description The knowledge item (equal to id)
             */
            knowledgeId: string;
            /**
             * @description FOLDER: a ZIP archive uploaded with unpack=true
             * @enum {string}
             */
            type: "FILE" | "FOLDER";
            /** @enum {string} */
            status: "COMPLETED" | "PROCESSING";
        };
        MetadataSearchItem: {
            /**
             * Format: uuid
             * @description The knowledge item
             */
            id: string;
            /** @description FILE, URL, LINK, STRING, or a hierarchical kind such as WEBSITE */
            type: string;
            content: string;
            /** @enum {string} */
            status: "COMPLETED" | "BACKGROUND_START" | "BACKGROUND_ERROR";
            metadata: components["schemas"]["KnowledgeMetadata"];
            /** @description The item's attributes (a child's include its parent's) */
            attributes: {
                [key: string]: string | number | boolean;
            };
            uploadFileMetadata: {
                filename: string;
                mimetype: string;
            } | null;
            /** @description The item's first enabled chunks (at most 50) */
            coreKnowledgeItems: {
                /**
                 * Format: uuid
                 * @description The chunk
                 */
                id: string;
                /** @constant */
                type: "TEXT";
                content: string;
            }[];
            /**
             * Format: date-time
             * @description ISO 8601 timestamp (UTC)
             */
            createdAt: string;
            /**
             * Format: date-time
             * @description ISO 8601 timestamp (UTC)
             */
            updatedAt: string;
        };
        UploadFileMetadata: {
            /**
             * Format: uuid
             * @description The upload
             */
            id: string;
            filename: string;
            mimetype: string;
            size: number;
            /** @description null until background processing created the item */
            knowledge: {
                /**
                 * Format: uuid
                 * @description The knowledge item
                 */
                id: string;
                /** @enum {string} */
                status: "COMPLETED" | "BACKGROUND_START" | "BACKGROUND_ERROR";
                metadata: {
                    title: string;
                    /** @description FILE, URL, LINK, STRING, or a hierarchical kind such as WEBSITE */
                    type: string;
                };
            } | null;
            /** @description A space's own upload (form field spaceId); null otherwise */
            spaceKnowledge: {
                /**
                 * Format: uuid
                 * @description The knowledge item
                 */
                id: string;
                /** @enum {string} */
                status: "COMPLETED" | "BACKGROUND_START" | "BACKGROUND_ERROR";
                metadata: {
                    title: string;
                    /** @description FILE, URL, LINK, STRING, or a hierarchical kind such as WEBSITE */
                    type: string;
                };
                /**
                 * Format: uuid
                 * @description The space
                 */
                spaceId: string;
            } | null;
            /**
             * Format: date-time
             * @description ISO 8601 timestamp (UTC)
             */
            createdAt: string;
        };
        UpdatedKnowledge: {
            /**
             * Format: uuid
             * @description The knowledge item
             */
            id: string;
            /** @description FILE, URL, LINK, STRING, or a hierarchical kind such as WEBSITE */
            type: string;
            /** @description URL, file path or text */
            content: string;
            url: string | null;
            /** @enum {string} */
            status: "COMPLETED" | "BACKGROUND_START" | "BACKGROUND_ERROR";
            /** @description Why processing failed (BACKGROUND_ERROR) */
            messageError?: string;
            metadata: components["schemas"]["KnowledgeMetadata"];
            /** @description The item's attributes (a child's include its parent's) */
            attributes: {
                [key: string]: string | number | boolean;
            };
            parentId: string | null;
            /** @description The client's own id for the item (null: none) */
            externalId: string | null;
            /** @description The version whose content reads and searches answer from */
            version: number;
            /** @description The item's newest version when it is not yet (PROCESSING) or will not become (FAILED) the current one; on the single item only */
            pendingVersion?: {
                number: number;
                /** @enum {string} */
                status: "PROCESSING" | "FAILED";
                /** @description Why the version failed (FAILED) */
                messageError?: string;
            };
            /**
             * Format: date-time
             * @description ISO 8601 timestamp (UTC)
             */
            createdAt: string;
            /**
             * Format: date-time
             * @description ISO 8601 timestamp (UTC)
             */
            updatedAt: string;
            /** @description Present when the replacement leaves manual chunk edits behind (restoring brings them back) */
            warnings?: components["schemas"]["ReplaceWarning"][];
        };
        ReplaceWarning: {
            /** @constant */
            code: "MANUAL_EDITS_DROPPED";
            message: string;
            /** @description Chunks of the current version added, edited or disabled by hand */
            chunks: number;
        };
        VersionStarted: {
            /**
             * Format: uuid
             * @description The item
             */
            id: string;
            /**
             * Format: uuid
             * @description The item (equal to id)
             */
            knowledgeId: string;
            /** @description The new version */
            version: number;
            /** @constant */
            status: "PROCESSING";
            /** @description Its ingestion job (POST …/background-jobs) */
            jobId: string;
            /** @description Present when the replacement leaves manual chunk edits behind (restoring brings them back) */
            warnings?: components["schemas"]["ReplaceWarning"][];
        };
        KnowledgeVersion: {
            number: number;
            /** @description Whether reads and searches answer from this version */
            current: boolean;
            /** @enum {string} */
            status: "PROCESSING" | "COMPLETED" | "FAILED";
            /** @description Bytes of the file or text */
            size: number;
            /** @description SHA-256 of the content, hex (null: not recorded) */
            hash: string | null;
            /** @description The kind of credential that made the version (null: recorded before versions) */
            createdBy: ("apiKey" | "workspace" | "role" | "userSpace") | null;
            /** @description Why the version failed (FAILED) */
            messageError?: string;
            /**
             * Format: date-time
             * @description ISO 8601 timestamp (UTC)
             */
            createdAt: string;
            /**
             * Format: date-time
             * @description When its file and chunks were purged (VERSION_RETENTION or MAX_VERSIONS_PER_ITEM): not restorable
             */
            purgedAt?: string;
        };
        SemanticSearchResult: {
            /**
             * Format: uuid
             * @description The knowledge item
             */
            id: string;
            title: string;
            /** @description FILE, URL, LINK, STRING, or a hierarchical kind such as WEBSITE */
            type: string;
            /** @description The URL, or the content for items without one */
            url: string;
            /** @description An excerpt: at most 500 characters */
            content: string;
            metadata: components["schemas"]["KnowledgeMetadata"];
            /** @description The item's attributes (a child's include its parent's) */
            attributes: {
                [key: string]: string | number | boolean;
            };
            /** @description The page of the item's best passage */
            pageNumber?: number;
            /**
             * Format: date-time
             * @description ISO 8601 timestamp (UTC)
             */
            createdAt: string;
            /**
             * Format: date-time
             * @description ISO 8601 timestamp (UTC)
             */
            updatedAt: string;
            /** @description The final score: the mode's (see mode), or the reranker's when reranking ran */
            score: number;
            /** @description With explain: true */
            explain?: components["schemas"]["SearchExplain"];
        };
        SearchExplain: {
            /** @description The passage's cosine similarity; null in keyword mode */
            semantic: number | null;
            /** @description The passage's keyword score rank / (rank + 1); null in semantic mode or without a keyword match */
            keyword: number | null;
            /** @description The hybrid fusion's score; null outside hybrid mode */
            fused: number | null;
            /** @description The reranker's score; null when no reranking ran */
            rerank: number | null;
            /** @description Workspace credentials only: the roles that make the item visible under RBAC (other credentials don't get it) */
            roles?: {
                /**
                 * Format: uuid
                 * @description The role
                 */
                id: string;
                name: string;
                /** @description direct: assigned to the item itself; parent: to its parent; "source rule <n>": given by rule n of the source the item came from; source default: given by that source's own roles (no rule matched) */
                via: ("direct" | "parent" | "source default") | string;
            }[];
        };
        RetrievalSettings: {
            /** @description Whether searches rerank when the request does not say (default false) */
            rerank: boolean;
        };
        TitleSearchResult: {
            /**
             * Format: uuid
             * @description The knowledge item
             */
            id: string;
            title: string;
            /** @description FILE, URL, LINK, STRING, or a hierarchical kind such as WEBSITE */
            type: string;
            /** @description The URL, or the content for items without one */
            url: string;
            /** @description An excerpt: at most 500 characters */
            content: string;
            metadata: components["schemas"]["KnowledgeMetadata"];
            /** @description The item's attributes (a child's include its parent's) */
            attributes: {
                [key: string]: string | number | boolean;
            };
            /** @description The page of the item's best passage */
            pageNumber?: number;
            /**
             * Format: date-time
             * @description ISO 8601 timestamp (UTC)
             */
            createdAt: string;
            /**
             * Format: date-time
             * @description ISO 8601 timestamp (UTC)
             */
            updatedAt: string;
        };
        Chunk: {
            /**
             * Format: uuid
             * @description The chunk
             */
            id: string;
            /**
             * Format: uuid
             * @description Its item
             */
            knowledgeId: string;
            text: string;
            /** @description The page of the item it comes from (a manual chunk: that of the chunk it was added before) */
            page: number;
            /** @description Its place among the item's chunks, from 0 */
            position: number;
            /** @description Words, punctuation marks and CJK characters in the text, as the embedding tokenizer splits them before sub-words (the model may count more) */
            tokenCount: number;
            /** @description false: no search, RAG or tool reads it */
            enabled: boolean;
            /**
             * @description extracted by ingestion, or manual: added by hand
             * @enum {string}
             */
            origin: "extracted" | "manual";
            /** @description When its text was last edited by hand; null: never */
            editedAt: string | null;
            /**
             * Format: date-time
             * @description ISO 8601 timestamp (UTC)
             */
            createdAt: string;
        };
        RbacStatus: {
            /**
             * Format: uuid
             * @description The workspace
             */
            workspaceId: string;
            rbacEnabled: boolean;
            /** @enum {string} */
            rbacStatus: "ACTIVE" | "INACTIVE";
        };
        Role: {
            /**
             * Format: uuid
             * @description Internal role id
             */
            id: string;
            name: string;
            description: string | null;
            customerRoleId: string | null;
            /**
             * Format: date-time
             * @description ISO 8601 timestamp (UTC)
             */
            createdAt: string;
            /**
             * Format: date-time
             * @description ISO 8601 timestamp (UTC)
             */
            updatedAt: string;
        };
        KnowledgeRole: {
            /**
             * Format: uuid
             * @description Internal role id
             */
            id: string;
            name: string;
            description: string | null;
            /** @description Custom metadata */
            metadata: {
                [key: string]: unknown;
            };
        };
        KnowledgeAccess: {
            /**
             * Format: uuid
             * @description The knowledge item
             */
            knowledgeId: string;
            /** @enum {string} */
            rbacStatus: "ACTIVE" | "INACTIVE";
            roleId: string | null;
            /** @description Whether a search with the role's token (or the workspace's) can find it */
            visible: boolean;
            /** @description The first rule that hides the item (null: visible) */
            hiddenBy: ("FILTER" | "RBAC_ON" | "NOT_ASSIGNED" | "CHUNKS_DISABLED" | "NOT_COMPLETED") | null;
            reasons: {
                /**
                 * @description FILTER: the filter does not let the item through; RBAC_ON: RBAC is ACTIVE and no role is assigned to the item or its parent; NOT_ASSIGNED: RBAC is ACTIVE and the role is assigned neither to the item nor to its parent; CHUNKS_DISABLED: no chunk of the current version is enabled; NOT_COMPLETED: not processed yet
                 * @enum {string}
                 */
                rule: "FILTER" | "RBAC_ON" | "NOT_ASSIGNED" | "CHUNKS_DISABLED" | "NOT_COMPLETED";
                message: string;
            }[];
            /** @description How the role reaches the item under RBAC: assigned to it, to its parent, or by a source rule */
            via: (("direct" | "parent" | "source default") | string) | null;
            /** @description For an item a source with rules brought: the rule it matched (workspace credentials) */
            sourceRule: {
                /**
                 * Format: uuid
                 * @description The source the item came from
                 */
                sourceId: string;
                sourceName: string;
                /** @description The rule that gives the item its roles (0: the default; null: the source has none) */
                rule: number | null;
                /** @description How explanations name it: "source rule <n>" or "source default" */
                label: string;
                /** @description The roles that rule gives */
                roleIds: string[];
            } | null;
            /** @description The roles that see the item under RBAC */
            roles: {
                /**
                 * Format: uuid
                 * @description The role
                 */
                id: string;
                name: string;
                /** @description direct: assigned to the item itself; parent: to its parent; "source rule <n>": given by rule n of the source the item came from; source default: given by that source's own roles (no rule matched) */
                via: ("direct" | "parent" | "source default") | string;
            }[];
            chunks: {
                total: number;
                enabled: number;
            };
        };
        JobState: {
            jobId: string;
            /** @enum {string} */
            status: "RUNNING" | "COMPLETED" | "FAILED" | "CANCELED" | "TERMINATED" | "TIMED_OUT" | "NOT_FOUND";
            /** @description The workflow type */
            type?: string;
            /**
             * Format: date-time
             * @description ISO 8601 timestamp (UTC)
             */
            startedAt?: string;
            closedAt?: string | null;
            /** @description Why a FAILED job failed */
            error?: string;
            /** @description A website crawl's progress (crawl jobs; only to a credential that may read the website item), a re-embed's (reembedWorkflow jobs) or a source rules job's (workspace credentials) */
            progress?: components["schemas"]["CrawlProgress"] | components["schemas"]["ReembedProgress"] | components["schemas"]["RulesProgress"];
        };
        CrawlProgress: {
            /** @description Pages (and linked files) indexed, or found unchanged */
            pagesDone: number;
            /** @description Pages (and linked files) listed so far (within maxPages) */
            pagesDiscovered: number;
            /** @description Pages whose fetch or indexing failed (the sync lists why) */
            pagesFailed: number;
            /** @description Always 0: a URL that is not a document is not counted */
            pagesSkipped: number;
        };
        ReembedProgress: {
            /**
             * @description building the new vectors (catch-up rounds included), their index, the atomic switch, done
             * @enum {string}
             */
            phase: "building" | "indexing" | "switching" | "done";
            /** @description This workspace's chunks with a vector of the new model (workspace credentials only) */
            chunksDone?: number;
            /** @description All of this workspace's chunks (workspace credentials only) */
            chunksTotal?: number;
        };
        RulesProgress: {
            /** @description The source's documents the rules job has given the rules */
            documentsDone: number;
            /** @description All of the source's documents */
            documentsTotal: number;
        };
        JobSummary: {
            /** @description The Temporal workflow id (POST …/background-jobs reads its state) */
            jobId: string;
            /** @description What the job does: ingest, role-update, source-sync, webhook, … */
            kind: string;
            /** @description The workflow type */
            type: string;
            /** @enum {string} */
            status: "RUNNING" | "COMPLETED" | "FAILED" | "CANCELED" | "TERMINATED" | "TIMED_OUT";
            /**
             * Format: date-time
             * @description ISO 8601 timestamp (UTC)
             */
            startedAt: string;
            closedAt: string | null;
            /** @description The knowledge item the job concerns (null: none) */
            knowledgeId: string | null;
        };
        Category: {
            /**
             * Format: uuid
             * @description The category
             */
            id: string;
            name: string;
            description: string | null;
            /** @description Items in the category the caller may see */
            knowledgeCount: number;
            /**
             * Format: date-time
             * @description ISO 8601 timestamp (UTC)
             */
            createdAt: string;
            /**
             * Format: date-time
             * @description ISO 8601 timestamp (UTC)
             */
            updatedAt: string;
        };
        CategoryKnowledge: {
            /**
             * Format: uuid
             * @description The knowledge item
             */
            id: string;
            title: string;
            /** @description FILE, URL, LINK, STRING, or a hierarchical kind such as WEBSITE */
            type: string;
            /** @description The URL, or the content for items without one */
            url: string;
            /** @description An excerpt: at most 500 characters */
            content: string;
            metadata: components["schemas"]["KnowledgeMetadata"];
            /** @description The item's attributes (a child's include its parent's) */
            attributes: {
                [key: string]: string | number | boolean;
            };
            /**
             * Format: date-time
             * @description ISO 8601 timestamp (UTC)
             */
            createdAt: string;
            /**
             * Format: date-time
             * @description ISO 8601 timestamp (UTC)
             */
            updatedAt: string;
            /**
             * Format: uuid
             * @description The category
             */
            categoryId: string;
        };
        Taxonomy: {
            /**
             * Format: uuid
             * @description The taxonomy
             */
            id: string;
            /**
             * Format: uuid
             * @description The workspace
             */
            workspaceId: string;
            name: string;
            description: string | null;
            published: boolean;
            /**
             * Format: date-time
             * @description ISO 8601 timestamp (UTC)
             */
            createdAt: string;
            /**
             * Format: date-time
             * @description ISO 8601 timestamp (UTC)
             */
            updatedAt: string;
            categoryCount: number;
            /** @description With includeRoles=true */
            roles?: {
                /**
                 * Format: uuid
                 * @description The role
                 */
                id: string;
                name: string;
                metadata: {
                    uniqueCustomerRoleId: string | null;
                } & {
                    [key: string]: unknown;
                };
            }[];
            /** @description With includeLanguages=true */
            languages?: {
                languageId: string;
            }[];
            /** @description With includeCategories=true */
            categories?: {
                /**
                 * Format: uuid
                 * @description The category
                 */
                id: string;
                name: string;
                description: string | null;
            }[];
        };
        Space: {
            /**
             * Format: uuid
             * @description The space
             */
            id: string;
            name: string;
            description: string | null;
            /** @description For example ACTIVE */
            status: string;
            /**
             * Format: date-time
             * @description ISO 8601 timestamp (UTC)
             */
            createdAt: string;
            workspace: {
                /**
                 * Format: uuid
                 * @description The workspace
                 */
                id: string;
                name: string;
                organizationName: string;
                /**
                 * Format: uuid
                 * @description The organization
                 */
                organizationId: string;
            };
            hosts: {
                host: {
                    id: string;
                    name: string;
                    email: string | null;
                };
            }[];
            coHosts: {
                host: {
                    id: string;
                    name: string;
                    email: string | null;
                };
            }[];
            guests: {
                guest: {
                    id: string;
                    name: string;
                    email: string | null;
                };
            }[];
            spaceGroupConversation: components["schemas"]["GroupConversation"][];
        };
        GroupConversation: {
            /**
             * Format: uuid
             * @description The group
             */
            id: string;
            name: string;
            type: string;
            lastMessageAt: string | null;
            /**
             * Format: date-time
             * @description ISO 8601 timestamp (UTC)
             */
            createdAt: string;
            /**
             * Format: date-time
             * @description ISO 8601 timestamp (UTC)
             */
            updatedAt: string;
            conversations: {
                /**
                 * Format: uuid
                 * @description The conversation
                 */
                id: string;
            }[];
        };
        SpaceMessage: {
            /**
             * Format: uuid
             * @description The message
             */
            id: string;
            /** @enum {string} */
            type: "USER" | "AI";
            message: string;
            /** @description The sender */
            workflowUserId: string | null;
            /** @description Extended content of AI messages */
            content: string | null;
            sources: string[] | null;
            sourcesMetadata: {
                title: string;
                url: string;
            }[] | null;
            thumbUp: boolean;
            thumbDown: boolean;
            user: {
                id: string;
                name: string | null;
                photo: string | null;
            } | null;
            messageAIId: string | null;
            languageId: string | null;
            /**
             * Format: uuid
             * @description The group
             */
            groupId: string;
            /**
             * Format: date-time
             * @description ISO 8601 timestamp (UTC)
             */
            createdAt: string;
        };
        Passage: {
            text: string;
            /** @description URL, page:title, page:title:knowledgeId or '' (the item's visibility) */
            source: string;
            score: number;
        };
        JsonRpcError: {
            /** @constant */
            jsonrpc: "2.0";
            error: {
                code: number;
                message: string;
            } & {
                [key: string]: unknown;
            };
            id: string | number | null;
        } & {
            [key: string]: unknown;
        };
        WebhookEndpoint: {
            /**
             * Format: uuid
             * @description The endpoint
             */
            id: string;
            /**
             * Format: uuid
             * @description The workspace
             */
            workspaceId: string;
            /** @description Where events are POSTed */
            url: string;
            /** @description The event types it receives */
            events: string[];
            description: string | null;
            enabled: boolean;
            /**
             * Format: date-time
             * @description ISO 8601 timestamp (UTC)
             */
            createdAt: string;
            /**
             * Format: date-time
             * @description ISO 8601 timestamp (UTC)
             */
            updatedAt: string;
        };
        WebhookEndpointWithSecret: {
            /**
             * Format: uuid
             * @description The endpoint
             */
            id: string;
            /**
             * Format: uuid
             * @description The workspace
             */
            workspaceId: string;
            /** @description Where events are POSTed */
            url: string;
            /** @description The event types it receives */
            events: string[];
            description: string | null;
            enabled: boolean;
            /**
             * Format: date-time
             * @description ISO 8601 timestamp (UTC)
             */
            createdAt: string;
            /**
             * Format: date-time
             * @description ISO 8601 timestamp (UTC)
             */
            updatedAt: string;
            /** @description The signing secret (whsec_…): shown on create and on rotateSecret only */
            secret: string;
        };
        WebhookDelivery: {
            /**
             * Format: uuid
             * @description The delivery
             */
            id: string;
            /** @description The webhook-id header of every attempt (msg_…), for deduplication */
            messageId: string;
            /**
             * Format: uuid
             * @description The endpoint
             */
            endpointId: string;
            /** @description An event type: knowledge.completed, knowledge.failed, knowledge.cascade_deleted, knowledge.updated, knowledge.version_restored, knowledge.roles_changed, role.job_completed, role.job_failed */
            eventType: string;
            /** @enum {string} */
            status: "PENDING" | "SUCCEEDED" | "FAILED";
            attempts: number;
            /** @description The last attempt's HTTP status (null: no answer) */
            lastStatusCode: number | null;
            lastError: string | null;
            /**
             * Format: date-time
             * @description ISO 8601 timestamp (UTC)
             */
            createdAt: string;
            finishedAt: string | null;
            attemptLog: {
                attempt: number;
                statusCode: number | null;
                error: string | null;
                durationMs: number;
                /**
                 * Format: date-time
                 * @description ISO 8601 timestamp (UTC)
                 */
                at: string;
            }[];
        };
        Source: {
            /**
             * Format: uuid
             * @description The source
             */
            id: string;
            /**
             * Format: uuid
             * @description The workspace
             */
            workspaceId: string;
            /** @enum {string} */
            kind: "s3" | "git" | "website";
            name: string;
            /** @description The kind's config (never its secrets) */
            config: {
                [key: string]: unknown;
            };
            /** @description Whether credentials are stored (sealed) */
            hasSecrets: boolean;
            /**
             * Format: uuid
             * @description The item whose children the documents become (roles and attributes inherited from it)
             */
            rootId: string;
            schedule: {
                intervalSeconds: number;
                paused: boolean;
            } | null;
            roleIds: string[];
            /** @description The item's attributes (a child's include its parent's) */
            attributes: {
                [key: string]: string | number | boolean;
            };
            maxDeleteShare: number;
            /** @description The rules, in the order they are evaluated */
            rules: components["schemas"]["SourceRule"][];
            /** @description The job applying the last change of the rules (background-jobs shows its progress) */
            rulesJobId: string | null;
            lastSync: components["schemas"]["SourceSync"] | null;
            /**
             * Format: date-time
             * @description ISO 8601 timestamp (UTC)
             */
            createdAt: string;
            /**
             * Format: date-time
             * @description ISO 8601 timestamp (UTC)
             */
            updatedAt: string;
        };
        SourceSync: {
            /**
             * Format: uuid
             * @description The sync
             */
            id: string;
            /**
             * Format: uuid
             * @description The source
             */
            sourceId: string;
            /** @description The Temporal workflow id of the sync */
            jobId: string;
            /** @enum {string} */
            trigger: "manual" | "schedule";
            /** @enum {string} */
            status: "RUNNING" | "COMPLETED" | "FAILED" | "NEEDS_CONFIRMATION" | "SKIPPED";
            /** @description Why it failed or stopped, in plain words */
            error: string | null;
            /** @description Documents the source listed */
            seen: number;
            added: number;
            updated: number;
            unchanged: number;
            deleted: number;
            failed: number;
            /** @description Chunks extracted and embedded (0 when nothing changed) */
            chunksEmbedded: number;
            failures: {
                key: string;
                reason: string;
            }[];
            /**
             * Format: date-time
             * @description ISO 8601 timestamp (UTC)
             */
            startedAt: string;
            finishedAt: string | null;
        };
        SourceRules: {
            /**
             * Format: uuid
             * @description The source
             */
            sourceId: string;
            /** @description Counts the changes of the rules */
            rulesVersion: number;
            /** @enum {string} */
            rbacStatus: "ACTIVE" | "INACTIVE";
            rules: {
                /** @description The rule's number in the list (1 is the first); 0 is the source's default */
                rule: number;
                match: components["schemas"]["SourceRuleMatch"];
                /** @description The roles it gives (the source's own when it names none) */
                roleIds: string[];
                /** @description The item's attributes (a child's include its parent's) */
                attributes: {
                    [key: string]: string | number | boolean;
                };
                /** @description Documents it gives roles to now */
                documents: number;
            }[];
            default: {
                /** @constant */
                rule: 0;
                roleIds: string[];
                /** @description Documents no rule matches */
                documents: number;
            };
            /** @description Documents of the source with an item */
            documents: number;
            /** @description Documents not yet given the current rules (the rules job or the next sync will) */
            pending: number;
            /** @description The job applying the last change of the rules */
            jobId: string | null;
            /** @description The source's items no role reaches (none on them or their parent): under ACTIVE RBAC no role-bound token reads them (the first 50) */
            unreached: {
                count: number;
                documents: {
                    /**
                     * Format: uuid
                     * @description The item
                     */
                    knowledgeId: string;
                    title: string;
                    key: string | null;
                }[];
            };
        };
        SourceRulesPreview: {
            /** @description Documents of the source with an item, all evaluated */
            documents: number;
            /** @description Of them, those whose roles would change */
            changing: number;
            /** @description How many documents each rule would give roles to (rule 0: the default) */
            rules: {
                /** @description The rule's number in the list (1 is the first); 0 is the source's default */
                rule: number;
                documents: number;
            }[];
            changes: {
                /**
                 * Format: uuid
                 * @description The item
                 */
                knowledgeId: string;
                /** @description The document's key in the source */
                key: string;
                /** @description The path the rules match */
                path: string;
                from: {
                    /** @description null: the source has no rules (its roles are on its root item) */
                    rule: number | null;
                    roleIds: string[];
                };
                to: {
                    /** @description null: the source has no rules (its roles are on its root item) */
                    rule: number | null;
                    roleIds: string[];
                };
            }[];
            /** @description More documents change than `changes` lists (see limit) */
            truncated: boolean;
        };
        /** @description Any JSON value whose strings and object keys hold no NUL character and no unpaired UTF-16 surrogate (400 otherwise). Validators read the NUL half from `not` (a value holding a NUL anywhere); unpaired surrogates are stated here in words. */
        CleanJsonValue: unknown;
    };
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: {
        /** @description The request's id (the client's X-Request-Id when well-formed) */
        "X-Request-Id": string;
        /** @description Seconds to wait before retrying */
        "Retry-After": string;
        /** @description The API version: every /v1 response, errors included */
        "X-API-Version": "v1";
    };
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    getHealth: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The process serves requests */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        status: "ok";
                    };
                };
            };
            /** @description Bad Request: Request contains a NUL character or an unpaired UTF-16 surrogate */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Forbidden: HTTPS is required */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal Server Error: Failed to process or retrieve the resource */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Service Unavailable: Service temporarily unavailable; The request took too long; retry later */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getReadiness: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Every dependency answers */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        status: "ready";
                        checks: {
                            database: components["schemas"]["ReadinessCheck"];
                            temporal: components["schemas"]["ReadinessCheck"];
                            storage: components["schemas"]["ReadinessCheck"];
                        };
                    };
                };
            };
            /** @description Bad Request: Request contains a NUL character or an unpaired UTF-16 surrogate */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Forbidden: HTTPS is required */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal Server Error: Failed to process or retrieve the resource */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A dependency is down (named in message and checks), or the checks outlived REQUEST_TIMEOUT_MS (the error body, with Retry-After) */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        error: "Service Unavailable";
                        message: string;
                        /** @constant */
                        status: "unavailable";
                        checks: {
                            database: components["schemas"]["ReadinessCheck"];
                            temporal: components["schemas"]["ReadinessCheck"];
                            storage: components["schemas"]["ReadinessCheck"];
                        };
                    } | components["schemas"]["Error"];
                };
            };
        };
    };
    generateAccessToken: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The workspace */
                workspaceId: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": {
                    customerRoleId?: string & unknown;
                    /**
                     * Format: uuid
                     * @description A role's id (never with customerRoleId)
                     */
                    roleId?: string;
                    /** @description One end user: their userId or customerIdString. The token then activates, reads, and runs RAG in only that user's space */
                    subject?: string & unknown;
                };
            };
        };
        responses: {
            /** @description The access token */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The access token (JWT) */
                        token: string;
                    };
                };
            };
            /** @description Bad Request: Request contains a NUL character or an unpaired UTF-16 surrogate; Malformed JSON in request body; Provide either customerRoleId or roleId, not both; customerRoleId must be 1 to 255 characters: letters, digits, hyphen or underscore; roleId must be a valid UUID; Request body must be a JSON object; subject must be a string; subject must not be empty; subject must be at most 255 characters */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthorized: Invalid or missing API key */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Forbidden: HTTPS is required; Insufficient permissions */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not Found: Workspace not found; role with the given customerRoleId not found; Role not found */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Gone: Workspace is deleted */
            410: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Payload Too Large: Request body exceeds the limit of MAX_JSON_BODY_BYTES bytes */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too Many Requests: Rate limit exceeded: at most RATE_LIMIT_REQUESTS requests per RATE_LIMIT_WINDOW_SECONDS s; retry in N s */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal Server Error: Failed to process or retrieve the resource */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Service Unavailable: Service temporarily unavailable; The request took too long; retry later */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getApiKeyWorkspace: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The key's workspace, organization and the key itself */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiKeyWorkspace"];
                };
            };
            /** @description Bad Request: Request contains a NUL character or an unpaired UTF-16 surrogate */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthorized: Invalid or missing API key */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Forbidden: HTTPS is required; Insufficient permissions */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not Found: Workspace not found */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Gone: Workspace is deleted */
            410: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too Many Requests: Rate limit exceeded: at most RATE_LIMIT_REQUESTS requests per RATE_LIMIT_WINDOW_SECONDS s; retry in N s */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal Server Error: Failed to process or retrieve the resource */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Service Unavailable: Service temporarily unavailable; The request took too long; retry later */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listKnowledge: {
        parameters: {
            query?: {
                page?: number;
                limit?: number;
                filter?: string;
                externalId?: string & unknown;
            };
            header: {
                /** @description The access token's organization (required with an access token) */
                organizationid: string;
            };
            path: {
                /** @description The workspace */
                workspaceId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of items */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        knowledge: components["schemas"]["Knowledge"][];
                        total: number;
                        page: number;
                        limit: number;
                    };
                };
            };
            /** @description Bad Request: Request contains a NUL character or an unpaired UTF-16 surrogate; Missing required header: organizationid; Invalid page value, must be between 1 and 10000; Invalid limit value, must be between 1 and 100; externalId must be 1 to 255 printable ASCII characters, without leading or trailing spaces */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthorized: Invalid or expired access token */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Forbidden: HTTPS is required; Insufficient permissions; Role not found */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not Found: Workspace not found */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Gone: Workspace is deleted */
            410: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too Many Requests: Rate limit exceeded: at most RATE_LIMIT_REQUESTS requests per RATE_LIMIT_WINDOW_SECONDS s; retry in N s */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal Server Error: Failed to process or retrieve the resource */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Service Unavailable: Service temporarily unavailable; The request took too long; retry later */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createLink: {
        parameters: {
            query?: never;
            header: {
                /** @description The access token's organization (required with an access token) */
                organizationid: string;
            };
            path: {
                /** @description The workspace */
                workspaceId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @constant */
                    type: "LINK";
                    /**
                     * Format: uri
                     * @description An http(s) URL (stored, never fetched)
                     */
                    url: string & unknown;
                    title?: string & unknown;
                    metadata?: {
                        [key: string]: components["schemas"]["CleanJsonValue"];
                    };
                };
            };
        };
        responses: {
            /** @description The new item */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * Format: uuid
                         * @description The new item
                         */
                        id: string;
                        /**
                         * Format: uuid
                         * @description The new item (equal to id)
                         */
                        knowledgeId: string;
                    };
                };
            };
            /** @description Bad Request: Request contains a NUL character or an unpaired UTF-16 surrogate; Malformed JSON in request body; Missing required header: organizationid; Missing required field; Type must be LINK */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthorized: Invalid or expired access token */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Forbidden: HTTPS is required; Insufficient permissions; Role not found */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not Found: Workspace not found */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Gone: Workspace is deleted */
            410: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Payload Too Large: Request body exceeds the limit of MAX_JSON_BODY_BYTES bytes */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unprocessable Entity: Invalid URL format */
            422: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too Many Requests: Rate limit exceeded: at most RATE_LIMIT_REQUESTS requests per RATE_LIMIT_WINDOW_SECONDS s; retry in N s */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal Server Error: Failed to process or retrieve the resource */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Service Unavailable: Service temporarily unavailable; The request took too long; retry later */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createTextSource: {
        parameters: {
            query?: never;
            header: {
                /** @description The access token's organization (required with an access token) */
                organizationid: string;
            };
            path: {
                /** @description The workspace */
                workspaceId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    title: string & unknown;
                    /** @description The text (chunked and embedded) */
                    content: string & unknown;
                    language?: string & unknown;
                    /** @description Free key-value metadata (title, language and extraction are kept in their own fields) */
                    metadata?: {
                        [key: string]: components["schemas"]["CleanJsonValue"];
                    };
                    /** @description Typed attributes: at most 16 keys matching ^[A-Za-z][A-Za-z0-9_.-]{0,63}$ (built-in key names are reserved); values strings (at most 512 characters; an ISO 8601 date is kept as its string and compared as a date by range filters), finite numbers or booleans */
                    attributes?: {
                        [key: string]: string | number | boolean;
                    };
                    /** @description The client's own id for the item, unique per workspace: posting again with it replaces that item's content as a new version */
                    externalId?: string & unknown;
                };
            };
        };
        responses: {
            /** @description externalId of an existing item: its content unchanged */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["KnowledgeUpserted"];
                };
            };
            /** @description The new item and its ingestion job */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SourceCreated"];
                };
            };
            /** @description externalId of an existing item: its new version */
            202: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["KnowledgeUpserted"];
                };
            };
            /** @description Bad Request: Request contains a NUL character or an unpaired UTF-16 surrogate; Malformed JSON in request body; Missing required header: organizationid; Missing required field; title must be at most 1000 characters; content must be at most 1000000 characters; language must be a language code such as en or pt-BR; metadata must be an object; externalId must be 1 to 255 printable ASCII characters, without leading or trailing spaces */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthorized: Invalid or expired access token */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Forbidden: HTTPS is required; Insufficient permissions; Role not found */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not Found: Workspace not found */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict: externalId belongs to a FILE item: only a file upload can replace it; externalId belongs to a STRING item: only a text can replace it; externalId belongs to a URL item: only a URL can replace it; externalId belongs to a WEBSITE item: only a website can replace it; externalId belongs to an item with another url: post its own url to fetch it again; An item with this externalId is being created by another request; retry; A new version of this item is still being processed */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Gone: Workspace is deleted */
            410: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Payload Too Large: Request body exceeds the limit of MAX_JSON_BODY_BYTES bytes */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too Many Requests: Rate limit exceeded: at most RATE_LIMIT_REQUESTS requests per RATE_LIMIT_WINDOW_SECONDS s; retry in N s */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal Server Error: Failed to process or retrieve the resource */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Service Unavailable: Service temporarily unavailable; The request took too long; retry later */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createUrlSource: {
        parameters: {
            query?: never;
            header: {
                /** @description The access token's organization (required with an access token) */
                organizationid: string;
            };
            path: {
                /** @description The workspace */
                workspaceId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * Format: uri
                     * @description An http(s) URL whose host resolves to a public address (400 otherwise)
                     */
                    url: string & unknown;
                    /** @description The item's title (default: the page's own title, else the URL) */
                    title?: string & unknown;
                    language?: string & unknown;
                    /** @description Typed attributes: at most 16 keys matching ^[A-Za-z][A-Za-z0-9_.-]{0,63}$ (built-in key names are reserved); values strings (at most 512 characters; an ISO 8601 date is kept as its string and compared as a date by range filters), finite numbers or booleans */
                    attributes?: {
                        [key: string]: string | number | boolean;
                    };
                    /** @description The client's own id for the item, unique per workspace: posting again with it replaces that item's content as a new version */
                    externalId?: string & unknown;
                };
            };
        };
        responses: {
            /** @description The new item and its ingestion job; or (externalId of an existing item) its page unchanged */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SourceCreated"] | components["schemas"]["KnowledgeUpserted"];
                };
            };
            /** @description externalId of an existing item: its new version */
            202: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["KnowledgeUpserted"];
                };
            };
            /** @description Bad Request: Request contains a NUL character or an unpaired UTF-16 surrogate; Malformed JSON in request body; Missing required header: organizationid; Missing required field; url must be at most 2048 characters; Invalid URL format; Unsupported URL scheme: only http and https are fetched; URLs with credentials are not accepted; The URL's host … could not be resolved; The URL's host … is not allowed: the service does not connect to its address; title must not be empty; title must be at most 1000 characters; language must be a language code such as en or pt-BR; externalId must be 1 to 255 printable ASCII characters, without leading or trailing spaces */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthorized: Invalid or expired access token */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Forbidden: HTTPS is required; Insufficient permissions; Role not found */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not Found: Workspace not found */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict: externalId belongs to a FILE item: only a file upload can replace it; externalId belongs to a STRING item: only a text can replace it; externalId belongs to a URL item: only a URL can replace it; externalId belongs to a WEBSITE item: only a website can replace it; externalId belongs to an item with another url: post its own url to fetch it again; An item with this externalId is being created by another request; retry; A new version of this item is still being processed; Only URL items can be refetched */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Gone: Workspace is deleted */
            410: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Payload Too Large: Request body exceeds the limit of MAX_JSON_BODY_BYTES bytes */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too Many Requests: Rate limit exceeded: at most RATE_LIMIT_REQUESTS requests per RATE_LIMIT_WINDOW_SECONDS s; retry in N s */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal Server Error: Failed to process or retrieve the resource */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Service Unavailable: Service temporarily unavailable; The request took too long; retry later */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createWebsiteSource: {
        parameters: {
            query?: never;
            header: {
                /** @description The access token's organization (required with an access token) */
                organizationid: string;
            };
            path: {
                /** @description The workspace */
                workspaceId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * Format: uri
                     * @description An http(s) URL whose host resolves to a public address (400 otherwise)
                     */
                    url: string & unknown;
                    /** @description The item's title (default: the page's own title, else the URL) */
                    title?: string & unknown;
                    language?: string & unknown;
                    /** @default 50 */
                    maxPages?: number;
                    /** @default 3 */
                    maxDepth?: number;
                    /** @default [] */
                    includePaths?: (string & unknown)[];
                    /** @default [] */
                    excludePaths?: (string & unknown)[];
                    /** @description Typed attributes: at most 16 keys matching ^[A-Za-z][A-Za-z0-9_.-]{0,63}$ (built-in key names are reserved); values strings (at most 512 characters; an ISO 8601 date is kept as its string and compared as a date by range filters), finite numbers or booleans */
                    attributes?: {
                        [key: string]: string | number | boolean;
                    };
                    /** @description The client's own id for the item, unique per workspace: posting again with it replaces that item's content as a new version */
                    externalId?: string & unknown;
                };
            };
        };
        responses: {
            /** @description The new site and its crawl job */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SourceCreated"];
                };
            };
            /** @description externalId of an existing site (with its url): it is recrawled with its settings (as POST …/recrawl) */
            202: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["KnowledgeUpserted"];
                };
            };
            /** @description Bad Request: Request contains a NUL character or an unpaired UTF-16 surrogate; Malformed JSON in request body; Missing required header: organizationid; Missing required field; url must be at most 2048 characters; Invalid URL format; Unsupported URL scheme: only http and https are fetched; URLs with credentials are not accepted; The URL's host … could not be resolved; The URL's host … is not allowed: the service does not connect to its address; title must not be empty; title must be at most 1000 characters; language must be a language code such as en or pt-BR; maxPages must be an integer from 1 to 1000; maxDepth must be an integer from 0 to 10; includePaths and excludePaths must be arrays of at most 50 paths starting with /; externalId must be 1 to 255 printable ASCII characters, without leading or trailing spaces */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthorized: Invalid or expired access token */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Forbidden: HTTPS is required; Insufficient permissions; Role not found */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not Found: Workspace not found */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict: externalId belongs to a FILE item: only a file upload can replace it; externalId belongs to a STRING item: only a text can replace it; externalId belongs to a URL item: only a URL can replace it; externalId belongs to a WEBSITE item: only a website can replace it; externalId belongs to an item with another url: post its own url to fetch it again; An item with this externalId is being created by another request; retry; A new version of this item is still being processed; The website has no crawl settings to recrawl with */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Gone: Workspace is deleted */
            410: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Payload Too Large: Request body exceeds the limit of MAX_JSON_BODY_BYTES bytes */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too Many Requests: Rate limit exceeded: at most RATE_LIMIT_REQUESTS requests per RATE_LIMIT_WINDOW_SECONDS s; retry in N s */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal Server Error: Failed to process or retrieve the resource */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Service Unavailable: Service temporarily unavailable; The request took too long; retry later */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    uploadFile: {
        parameters: {
            query?: never;
            header: {
                /** @description The access token's organization (required with an access token) */
                organizationid: string;
            };
            path: {
                /** @description The workspace */
                workspaceId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "multipart/form-data": {
                    /** Format: uuid */
                    spaceId?: string;
                    /** @enum {string} */
                    sourceVisibility?: "none" | "source" | "download";
                    /** @example Refund policy */
                    title?: string;
                    /** @example Customer-facing refund rules, 2025 edition */
                    description?: string;
                    /** @example en */
                    language?: string & unknown;
                    /**
                     * @description BACKGROUND_START: answer at once; otherwise synchronous
                     * @example BACKGROUND_START
                     * @enum {string}
                     */
                    status?: "BACKGROUND_START";
                    /**
                     * @description true: a ZIP archive becomes a FOLDER item with one child per member
                     * @enum {string}
                     */
                    unpack?: "true" | "false";
                    /**
                     * @description The item's attributes as JSON text. Typed attributes: at most 16 keys matching ^[A-Za-z][A-Za-z0-9_.-]{0,63}$ (built-in key names are reserved); values strings (at most 512 characters; an ISO 8601 date is kept as its string and compared as a date by range filters), finite numbers or booleans
                     * @example {"team":"billing","audience":"support"}
                     */
                    attributes?: string;
                    /** @description The client's own id for the item, unique per workspace: posting again with it replaces that item's content as a new version (not with unpack=true) */
                    externalId?: string & unknown;
                    /**
                     * Format: binary
                     * @description The file (one of the accepted types)
                     */
                    file: string;
                };
            };
        };
        responses: {
            /** @description The upload (and, synchronously, its item); or (externalId of an existing item) its content unchanged */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UploadStarted"] | components["schemas"]["UploadProcessed"] | components["schemas"]["KnowledgeUpserted"];
                };
            };
            /** @description externalId of an existing item: its new version */
            202: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["KnowledgeUpserted"];
                };
            };
            /** @description Bad Request: Request contains a NUL character or an unpaired UTF-16 surrogate; Malformed JSON in request body; Missing required header: organizationid; Unsupported file type; Missing required field; Malformed multipart body; Every multipart part must have a field name; Only one file may be uploaded per request; The request was aborted; Invalid status value, must be BACKGROUND_START; spaceId must be a valid UUID; unpack must be true or false; unpack=true needs a ZIP archive; externalId must be 1 to 255 printable ASCII characters, without leading or trailing spaces; externalId cannot be combined with unpack=true */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthorized: Invalid or expired access token */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Forbidden: HTTPS is required; Insufficient permissions; Role not found; Storage quota exceeded */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not Found: Workspace not found; Space not found */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict: externalId belongs to a FILE item: only a file upload can replace it; externalId belongs to a STRING item: only a text can replace it; externalId belongs to a URL item: only a URL can replace it; externalId belongs to a WEBSITE item: only a website can replace it; externalId belongs to an item with another url: post its own url to fetch it again; An item with this externalId is being created by another request; retry; A new version of this item is still being processed; externalId belongs to an item in another space */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Gone: Workspace is deleted */
            410: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Payload Too Large: Request body exceeds the limit of MAX_JSON_BODY_BYTES bytes; File exceeds the maximum upload size of MAX_UPLOAD_BYTES bytes */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unprocessable Entity: Failed to process file: … */
            422: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too Many Requests: Rate limit exceeded: at most RATE_LIMIT_REQUESTS requests per RATE_LIMIT_WINDOW_SECONDS s; retry in N s */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal Server Error: Failed to process or retrieve the resource */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Service Unavailable: Service temporarily unavailable; Too many uploads in progress, retry later */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    searchKnowledgeByMetadata: {
        parameters: {
            query?: never;
            header: {
                /** @description The access token's organization (required with an access token) */
                organizationid: string;
            };
            path: {
                /** @description The workspace */
                workspaceId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Exact matches, combined with AND */
                    metadata: {
                        /** @enum {string} */
                        status?: "COMPLETED" | "BACKGROUND_START" | "BACKGROUND_ERROR";
                        /** @enum {string} */
                        type?: "FILE" | "URL" | "LINK" | "STRING";
                        language?: string & unknown;
                        title?: string;
                    };
                    /** @default 1 */
                    page?: number;
                    /** @default 20 */
                    limit?: number;
                };
            };
        };
        responses: {
            /** @description The matching items, newest first */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    /** @description Matching items in all pages */
                    "X-Total-Count": string;
                    "X-Page": string;
                    "X-Limit": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MetadataSearchItem"][];
                };
            };
            /** @description Bad Request: Request contains a NUL character or an unpaired UTF-16 surrogate; Malformed JSON in request body; Missing required header: organizationid; metadata must be an object with at least one property; metadata accepts only status, type, language and title; page must be a positive integer; page must be at most 10000; limit must be between 1 and 100 */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthorized: Invalid or expired access token */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Forbidden: HTTPS is required; Insufficient permissions; Role not found */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not Found: Workspace not found */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Gone: Workspace is deleted */
            410: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Payload Too Large: Request body exceeds the limit of MAX_JSON_BODY_BYTES bytes */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too Many Requests: Rate limit exceeded: at most RATE_LIMIT_REQUESTS requests per RATE_LIMIT_WINDOW_SECONDS s; retry in N s */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal Server Error: Failed to process or retrieve the resource */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Service Unavailable: Service temporarily unavailable; The request took too long; retry later */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getUploadFileMetadata: {
        parameters: {
            query?: never;
            header: {
                /** @description The access token's organization (required with an access token) */
                organizationid: string;
            };
            path: {
                /** @description The workspace */
                workspaceId: string;
                /** @description The upload */
                uploadFileMetadataId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The upload */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UploadFileMetadata"];
                };
            };
            /** @description Bad Request: Request contains a NUL character or an unpaired UTF-16 surrogate; Missing required header: organizationid; Invalid upload file metadata ID format */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthorized: Invalid or expired access token */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Forbidden: HTTPS is required; Insufficient permissions; Role not found */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not Found: Workspace not found; Upload file metadata not found */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Gone: Workspace is deleted */
            410: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too Many Requests: Rate limit exceeded: at most RATE_LIMIT_REQUESTS requests per RATE_LIMIT_WINDOW_SECONDS s; retry in N s */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal Server Error: Failed to process or retrieve the resource */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Service Unavailable: Service temporarily unavailable; The request took too long; retry later */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getKnowledge: {
        parameters: {
            query?: never;
            header: {
                /** @description The access token's organization (required with an access token) */
                organizationid: string;
            };
            path: {
                /** @description The workspace */
                workspaceId: string;
                /** @description The knowledge item (malformed: 400 "Invalid knowledge ID format") */
                knowledgeId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The item */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Knowledge"];
                };
            };
            /** @description Bad Request: Request contains a NUL character or an unpaired UTF-16 surrogate; Missing required header: organizationid; Invalid knowledge ID format */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthorized: Invalid or expired access token */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Forbidden: HTTPS is required; Insufficient permissions; Role not found */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not Found: Workspace not found; Knowledge item not found */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Gone: Workspace is deleted */
            410: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too Many Requests: Rate limit exceeded: at most RATE_LIMIT_REQUESTS requests per RATE_LIMIT_WINDOW_SECONDS s; retry in N s */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal Server Error: Failed to process or retrieve the resource */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Service Unavailable: Service temporarily unavailable; The request took too long; retry later */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deleteKnowledge: {
        parameters: {
            query?: never;
            header: {
                /** @description The access token's organization (required with an access token) */
                organizationid: string;
            };
            path: {
                /** @description The workspace */
                workspaceId: string;
                /** @description The knowledge item (malformed: 400 "Invalid knowledge ID format") */
                knowledgeId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        success: true;
                    };
                };
            };
            /** @description Bad Request: Request contains a NUL character or an unpaired UTF-16 surrogate; Malformed JSON in request body; Missing required header: organizationid; Invalid knowledge ID format; Item has children, remove them first */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthorized: Invalid or expired access token */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Forbidden: HTTPS is required; Insufficient permissions; Role not found */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not Found: Workspace not found; Knowledge item not found */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Gone: Workspace is deleted */
            410: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Payload Too Large: Request body exceeds the limit of MAX_JSON_BODY_BYTES bytes */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too Many Requests: Rate limit exceeded: at most RATE_LIMIT_REQUESTS requests per RATE_LIMIT_WINDOW_SECONDS s; retry in N s */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal Server Error: Failed to process or retrieve the resource */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Service Unavailable: Service temporarily unavailable; The request took too long; retry later */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    updateKnowledge: {
        parameters: {
            query?: never;
            header: {
                /** @description The access token's organization (required with an access token) */
                organizationid: string;
            };
            path: {
                /** @description The workspace */
                workspaceId: string;
                /** @description The knowledge item (malformed: 400 "Invalid knowledge ID format") */
                knowledgeId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    attributes?: {
                        [key: string]: string | number | boolean;
                    } | null;
                    /** @description A STRING item's new text: its next version, indexed in the background; the item answers from its current version until the new one is COMPLETED (409 for other types or while a version is processing) */
                    text?: string & unknown;
                } | unknown | unknown;
            };
        };
        responses: {
            /** @description The item */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UpdatedKnowledge"];
                };
            };
            /** @description Bad Request: Request contains a NUL character or an unpaired UTF-16 surrogate; Malformed JSON in request body; Missing required header: organizationid; Invalid knowledge ID format; Missing required field; content must be at most 1000000 characters */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthorized: Invalid or expired access token */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Forbidden: HTTPS is required; Insufficient permissions; Role not found */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not Found: Workspace not found; Knowledge item not found */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict: Only STRING items can have their text replaced; A new version of this item is still being processed */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Gone: Workspace is deleted */
            410: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Payload Too Large: Request body exceeds the limit of MAX_JSON_BODY_BYTES bytes */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too Many Requests: Rate limit exceeded: at most RATE_LIMIT_REQUESTS requests per RATE_LIMIT_WINDOW_SECONDS s; retry in N s */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal Server Error: Failed to process or retrieve the resource */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Service Unavailable: Service temporarily unavailable; The request took too long; retry later */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    replaceKnowledgeFile: {
        parameters: {
            query?: never;
            header: {
                /** @description The access token's organization (required with an access token) */
                organizationid: string;
            };
            path: {
                /** @description The workspace */
                workspaceId: string;
                /** @description The knowledge item (malformed: 400 "Invalid knowledge ID format") */
                knowledgeId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "multipart/form-data": {
                    /**
                     * Format: binary
                     * @description The new file (one of the accepted types; it may differ from the old one)
                     */
                    file: string;
                };
            };
        };
        responses: {
            /** @description The new version, processing */
            202: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["VersionStarted"];
                };
            };
            /** @description Bad Request: Request contains a NUL character or an unpaired UTF-16 surrogate; Malformed JSON in request body; Missing required header: organizationid; Invalid knowledge ID format; Unsupported file type; Missing required field; Malformed multipart body; Every multipart part must have a field name; Only one file may be uploaded per request; The request was aborted */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthorized: Invalid or expired access token */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Forbidden: HTTPS is required; Insufficient permissions; Role not found; Storage quota exceeded */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not Found: Workspace not found; Knowledge item not found */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict: Only FILE items can have their file replaced; A new version of this item is still being processed */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Gone: Workspace is deleted */
            410: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Payload Too Large: Request body exceeds the limit of MAX_JSON_BODY_BYTES bytes; File exceeds the maximum upload size of MAX_UPLOAD_BYTES bytes */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too Many Requests: Rate limit exceeded: at most RATE_LIMIT_REQUESTS requests per RATE_LIMIT_WINDOW_SECONDS s; retry in N s */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal Server Error: Failed to process or retrieve the resource */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Service Unavailable: Service temporarily unavailable; Too many uploads in progress, retry later */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    refetchKnowledge: {
        parameters: {
            query?: never;
            header: {
                /** @description The access token's organization (required with an access token) */
                organizationid: string;
            };
            path: {
                /** @description The workspace */
                workspaceId: string;
                /** @description The knowledge item (malformed: 400 "Invalid knowledge ID format") */
                knowledgeId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The page is unchanged: nothing was done */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["KnowledgeUpserted"];
                };
            };
            /** @description The new version (status: COMPLETED, PROCESSING, or FAILED while the old one serves) */
            202: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["KnowledgeUpserted"];
                };
            };
            /** @description Bad Request: Request contains a NUL character or an unpaired UTF-16 surrogate; Malformed JSON in request body; Missing required header: organizationid; Invalid knowledge ID format */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthorized: Invalid or expired access token */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Forbidden: HTTPS is required; Insufficient permissions; Role not found */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not Found: Workspace not found; Knowledge item not found */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict: Only URL items can be refetched; A new version of this item is still being processed */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Gone: Workspace is deleted */
            410: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Payload Too Large: Request body exceeds the limit of MAX_JSON_BODY_BYTES bytes */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too Many Requests: Rate limit exceeded: at most RATE_LIMIT_REQUESTS requests per RATE_LIMIT_WINDOW_SECONDS s; retry in N s */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal Server Error: Failed to process or retrieve the resource */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Service Unavailable: Service temporarily unavailable; The request took too long; retry later */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    restoreKnowledgeVersion: {
        parameters: {
            query?: never;
            header: {
                /** @description The access token's organization (required with an access token) */
                organizationid: string;
            };
            path: {
                /** @description The workspace */
                workspaceId: string;
                /** @description The knowledge item (malformed: 400 "Invalid knowledge ID format") */
                knowledgeId: string;
                /** @description The version number (malformed: 400 "Invalid version number") */
                version: string & unknown;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The item, on the restored version */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Knowledge"];
                };
            };
            /** @description Bad Request: Request contains a NUL character or an unpaired UTF-16 surrogate; Malformed JSON in request body; Missing required header: organizationid; Invalid knowledge ID format; Invalid version number */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthorized: Invalid or expired access token */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Forbidden: HTTPS is required; Insufficient permissions; Role not found */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not Found: Workspace not found; Knowledge item not found; Version not found */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict: Only a COMPLETED version can be restored; The version's content was purged; A new version of this item is still being processed */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Gone: Workspace is deleted */
            410: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Payload Too Large: Request body exceeds the limit of MAX_JSON_BODY_BYTES bytes */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too Many Requests: Rate limit exceeded: at most RATE_LIMIT_REQUESTS requests per RATE_LIMIT_WINDOW_SECONDS s; retry in N s */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal Server Error: Failed to process or retrieve the resource */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Service Unavailable: Service temporarily unavailable; The request took too long; retry later */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listKnowledgeVersions: {
        parameters: {
            query?: never;
            header: {
                /** @description The access token's organization (required with an access token) */
                organizationid: string;
            };
            path: {
                /** @description The workspace */
                workspaceId: string;
                /** @description The knowledge item (malformed: 400 "Invalid knowledge ID format") */
                knowledgeId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The versions */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        versions: components["schemas"]["KnowledgeVersion"][];
                    };
                };
            };
            /** @description Bad Request: Request contains a NUL character or an unpaired UTF-16 surrogate; Missing required header: organizationid; Invalid knowledge ID format */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthorized: Invalid or expired access token */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Forbidden: HTTPS is required; Insufficient permissions; Role not found */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not Found: Workspace not found; Knowledge item not found */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Gone: Workspace is deleted */
            410: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too Many Requests: Rate limit exceeded: at most RATE_LIMIT_REQUESTS requests per RATE_LIMIT_WINDOW_SECONDS s; retry in N s */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal Server Error: Failed to process or retrieve the resource */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Service Unavailable: Service temporarily unavailable; The request took too long; retry later */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    updateReservedField: {
        parameters: {
            query?: never;
            header: {
                /** @description The access token's organization (required with an access token) */
                organizationid: string;
            };
            path: {
                /** @description The workspace */
                workspaceId: string;
                /** @description The knowledge item (malformed: 400 "Invalid knowledge ID format") */
                knowledgeId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @enum {string} */
                    type: "URL" | "FILE" | "LINK" | "STRING" | "WEBSITE" | "SEARCH_INDEX";
                    title: string & unknown;
                    language?: string & unknown;
                    /** @enum {string} */
                    sourceVisibility?: "none" | "source" | "download";
                };
            };
        };
        responses: {
            /** @description The item */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * Format: uuid
                         * @description The item
                         */
                        knowledgeId: string;
                    };
                };
            };
            /** @description Bad Request: Request contains a NUL character or an unpaired UTF-16 surrogate; Malformed JSON in request body; Missing required header: organizationid; Invalid knowledge ID format; Missing required field; Invalid knowledge type */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthorized: Invalid or expired access token */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Forbidden: HTTPS is required; Insufficient permissions; Role not found */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not Found: Workspace not found; Knowledge item not found */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Gone: Workspace is deleted */
            410: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Payload Too Large: Request body exceeds the limit of MAX_JSON_BODY_BYTES bytes */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unprocessable Entity: Knowledge type mismatch */
            422: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too Many Requests: Rate limit exceeded: at most RATE_LIMIT_REQUESTS requests per RATE_LIMIT_WINDOW_SECONDS s; retry in N s */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal Server Error: Failed to process or retrieve the resource */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Service Unavailable: Service temporarily unavailable; The request took too long; retry later */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    recrawlWebsite: {
        parameters: {
            query?: {
                /** @description Let this sync delete more than the source's maxDeleteShare of its items */
                confirmDeletes?: "true" | "false";
            };
            header: {
                /** @description The access token's organization (required with an access token) */
                organizationid: string;
            };
            path: {
                /** @description The workspace */
                workspaceId: string;
                /** @description The knowledge item (malformed: 400 "Invalid knowledge ID format") */
                knowledgeId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The sync job (the running one if a sync of the site is under way) */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The crawl (the site's source's sync): a new one, or the one still running */
                        jobId: string;
                    };
                };
            };
            /** @description Bad Request: Request contains a NUL character or an unpaired UTF-16 surrogate; Malformed JSON in request body; Missing required header: organizationid; Invalid knowledge ID format; Only WEBSITE items can be recrawled; Invalid field value */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthorized: Invalid or expired access token */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Forbidden: HTTPS is required; Insufficient permissions; Role not found */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not Found: Workspace not found; Knowledge item not found */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict: The website has no crawl settings to recrawl with */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Gone: Workspace is deleted */
            410: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Payload Too Large: Request body exceeds the limit of MAX_JSON_BODY_BYTES bytes */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too Many Requests: Rate limit exceeded: at most RATE_LIMIT_REQUESTS requests per RATE_LIMIT_WINDOW_SECONDS s; retry in N s */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal Server Error: Failed to process or retrieve the resource */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Service Unavailable: Service temporarily unavailable; The request took too long; retry later */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deleteKnowledgeCascade: {
        parameters: {
            query?: never;
            header: {
                /** @description The access token's organization (required with an access token) */
                organizationid: string;
            };
            path: {
                /** @description The workspace */
                workspaceId: string;
                /** @description The knowledge item (malformed: 400 "Invalid knowledge ID format") */
                knowledgeId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The cascade-delete job */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        success: true;
                        message: string;
                        /** @description The cascade-delete workflow (cascade-delete:<workspaceId>:<knowledgeId>) */
                        jobId: string;
                    };
                };
            };
            /** @description Bad Request: Request contains a NUL character or an unpaired UTF-16 surrogate; Malformed JSON in request body; Missing required header: organizationid; Invalid knowledge ID format */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthorized: Invalid or expired access token */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Forbidden: HTTPS is required; Insufficient permissions; Role not found */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not Found: Workspace not found; Knowledge item not found */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Gone: Workspace is deleted */
            410: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Payload Too Large: Request body exceeds the limit of MAX_JSON_BODY_BYTES bytes */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too Many Requests: Rate limit exceeded: at most RATE_LIMIT_REQUESTS requests per RATE_LIMIT_WINDOW_SECONDS s; retry in N s */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal Server Error: Failed to process or retrieve the resource */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Service Unavailable: Service temporarily unavailable; The request took too long; retry later */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    searchKnowledge: {
        parameters: {
            query?: never;
            header?: {
                organizationid?: string;
            };
            path: {
                /** @description The workspace */
                workspaceId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    query: string & unknown;
                    /** @default 10 */
                    limit?: number;
                    /**
                     * @description semantic (the default): cosine similarity clamped to [0, 1]; keyword: PostgreSQL full-text search over chunks holding any query word, score rank / (rank + 1); hybrid: 0.8 x cosine + 0.2 x rank / best rank, the keyword side matching every query word. Every score is in [0, 1]; scores of different modes are not comparable.
                     * @enum {string}
                     */
                    mode?: "semantic" | "hybrid" | "keyword";
                    /**
                     * Format: uuid
                     * @description Only knowledge assigned to this audience
                     */
                    audienceId?: string;
                    /** @description Only knowledge accessible to these roles */
                    roleIds?: string[];
                    /** @description Only items the filter lets through (OpenAI's vector-store shape): a comparison {type: eq|ne|gt|gte|lt|lte|in|nin, key, value} or {type: and|or, filters: [...]}, nested at most 5 levels (a comparison alone is one), with at most 64 comparisons listing at most 500 values in all. Keys: the built-in type, language, mimetype, createdAt, updatedAt, parentId, categoryId (the item's own fields; createdAt and updatedAt compare ISO dates, parentId and categoryId UUIDs) or an attribute key. eq/in match equal values; ne/nin are their negation (an item without the key passes them); gt/gte/lt/lte compare numbers, or ISO dates as instants. A child of a website or archive carries its parent's attributes. 400 names the problem and its place (filter.filters[1].value). */
                    filter?: {
                        /** @enum {unknown} */
                        type: "eq" | "ne";
                        /** @description An attribute key */
                        key: string & unknown;
                        value: string | number | boolean;
                    } | {
                        /** @enum {unknown} */
                        type: "gt" | "gte" | "lt" | "lte";
                        /** @description An attribute key */
                        key: string & unknown;
                        /** @description A number, or an ISO 8601 date or date-time (compared as an instant; UTC without an offset) */
                        value: number | (string & unknown);
                    } | {
                        /** @enum {unknown} */
                        type: "in" | "nin";
                        /** @description An attribute key */
                        key: string & unknown;
                        value: string[] | number[] | boolean[];
                    } | {
                        /** @enum {unknown} */
                        type: "eq" | "ne";
                        /** @enum {string} */
                        key: "type" | "language" | "mimetype";
                        value: string;
                    } | {
                        /** @enum {unknown} */
                        type: "in" | "nin";
                        /** @enum {string} */
                        key: "type" | "language" | "mimetype";
                        value: string[];
                    } | {
                        /** @enum {unknown} */
                        type: "eq" | "ne" | "gt" | "gte" | "lt" | "lte";
                        /** @enum {string} */
                        key: "createdAt" | "updatedAt";
                        value: string & unknown;
                    } | {
                        /** @enum {unknown} */
                        type: "in" | "nin";
                        /** @enum {string} */
                        key: "createdAt" | "updatedAt";
                        value: (string & unknown)[];
                    } | {
                        /** @enum {unknown} */
                        type: "eq" | "ne";
                        /** @enum {string} */
                        key: "parentId" | "categoryId";
                        value: string & unknown;
                    } | {
                        /** @enum {unknown} */
                        type: "in" | "nin";
                        /** @enum {string} */
                        key: "parentId" | "categoryId";
                        value: (string & unknown)[];
                    } | {
                        /** @enum {unknown} */
                        type: "and" | "or";
                        filters: ({
                            /** @enum {unknown} */
                            type: "eq" | "ne";
                            /** @description An attribute key */
                            key: string & unknown;
                            value: string | number | boolean;
                        } | {
                            /** @enum {unknown} */
                            type: "gt" | "gte" | "lt" | "lte";
                            /** @description An attribute key */
                            key: string & unknown;
                            /** @description A number, or an ISO 8601 date or date-time (compared as an instant; UTC without an offset) */
                            value: number | (string & unknown);
                        } | {
                            /** @enum {unknown} */
                            type: "in" | "nin";
                            /** @description An attribute key */
                            key: string & unknown;
                            value: string[] | number[] | boolean[];
                        } | {
                            /** @enum {unknown} */
                            type: "eq" | "ne";
                            /** @enum {string} */
                            key: "type" | "language" | "mimetype";
                            value: string;
                        } | {
                            /** @enum {unknown} */
                            type: "in" | "nin";
                            /** @enum {string} */
                            key: "type" | "language" | "mimetype";
                            value: string[];
                        } | {
                            /** @enum {unknown} */
                            type: "eq" | "ne" | "gt" | "gte" | "lt" | "lte";
                            /** @enum {string} */
                            key: "createdAt" | "updatedAt";
                            value: string & unknown;
                        } | {
                            /** @enum {unknown} */
                            type: "in" | "nin";
                            /** @enum {string} */
                            key: "createdAt" | "updatedAt";
                            value: (string & unknown)[];
                        } | {
                            /** @enum {unknown} */
                            type: "eq" | "ne";
                            /** @enum {string} */
                            key: "parentId" | "categoryId";
                            value: string & unknown;
                        } | {
                            /** @enum {unknown} */
                            type: "in" | "nin";
                            /** @enum {string} */
                            key: "parentId" | "categoryId";
                            value: (string & unknown)[];
                        } | {
                            /** @enum {unknown} */
                            type: "and" | "or";
                            filters: ({
                                /** @enum {unknown} */
                                type: "eq" | "ne";
                                /** @description An attribute key */
                                key: string & unknown;
                                value: string | number | boolean;
                            } | {
                                /** @enum {unknown} */
                                type: "gt" | "gte" | "lt" | "lte";
                                /** @description An attribute key */
                                key: string & unknown;
                                /** @description A number, or an ISO 8601 date or date-time (compared as an instant; UTC without an offset) */
                                value: number | (string & unknown);
                            } | {
                                /** @enum {unknown} */
                                type: "in" | "nin";
                                /** @description An attribute key */
                                key: string & unknown;
                                value: string[] | number[] | boolean[];
                            } | {
                                /** @enum {unknown} */
                                type: "eq" | "ne";
                                /** @enum {string} */
                                key: "type" | "language" | "mimetype";
                                value: string;
                            } | {
                                /** @enum {unknown} */
                                type: "in" | "nin";
                                /** @enum {string} */
                                key: "type" | "language" | "mimetype";
                                value: string[];
                            } | {
                                /** @enum {unknown} */
                                type: "eq" | "ne" | "gt" | "gte" | "lt" | "lte";
                                /** @enum {string} */
                                key: "createdAt" | "updatedAt";
                                value: string & unknown;
                            } | {
                                /** @enum {unknown} */
                                type: "in" | "nin";
                                /** @enum {string} */
                                key: "createdAt" | "updatedAt";
                                value: (string & unknown)[];
                            } | {
                                /** @enum {unknown} */
                                type: "eq" | "ne";
                                /** @enum {string} */
                                key: "parentId" | "categoryId";
                                value: string & unknown;
                            } | {
                                /** @enum {unknown} */
                                type: "in" | "nin";
                                /** @enum {string} */
                                key: "parentId" | "categoryId";
                                value: (string & unknown)[];
                            } | {
                                /** @enum {unknown} */
                                type: "and" | "or";
                                filters: ({
                                    /** @enum {unknown} */
                                    type: "eq" | "ne";
                                    /** @description An attribute key */
                                    key: string & unknown;
                                    value: string | number | boolean;
                                } | {
                                    /** @enum {unknown} */
                                    type: "gt" | "gte" | "lt" | "lte";
                                    /** @description An attribute key */
                                    key: string & unknown;
                                    /** @description A number, or an ISO 8601 date or date-time (compared as an instant; UTC without an offset) */
                                    value: number | (string & unknown);
                                } | {
                                    /** @enum {unknown} */
                                    type: "in" | "nin";
                                    /** @description An attribute key */
                                    key: string & unknown;
                                    value: string[] | number[] | boolean[];
                                } | {
                                    /** @enum {unknown} */
                                    type: "eq" | "ne";
                                    /** @enum {string} */
                                    key: "type" | "language" | "mimetype";
                                    value: string;
                                } | {
                                    /** @enum {unknown} */
                                    type: "in" | "nin";
                                    /** @enum {string} */
                                    key: "type" | "language" | "mimetype";
                                    value: string[];
                                } | {
                                    /** @enum {unknown} */
                                    type: "eq" | "ne" | "gt" | "gte" | "lt" | "lte";
                                    /** @enum {string} */
                                    key: "createdAt" | "updatedAt";
                                    value: string & unknown;
                                } | {
                                    /** @enum {unknown} */
                                    type: "in" | "nin";
                                    /** @enum {string} */
                                    key: "createdAt" | "updatedAt";
                                    value: (string & unknown)[];
                                } | {
                                    /** @enum {unknown} */
                                    type: "eq" | "ne";
                                    /** @enum {string} */
                                    key: "parentId" | "categoryId";
                                    value: string & unknown;
                                } | {
                                    /** @enum {unknown} */
                                    type: "in" | "nin";
                                    /** @enum {string} */
                                    key: "parentId" | "categoryId";
                                    value: (string & unknown)[];
                                } | {
                                    /** @enum {unknown} */
                                    type: "and" | "or";
                                    filters: ({
                                        /** @enum {unknown} */
                                        type: "eq" | "ne";
                                        /** @description An attribute key */
                                        key: string & unknown;
                                        value: string | number | boolean;
                                    } | {
                                        /** @enum {unknown} */
                                        type: "gt" | "gte" | "lt" | "lte";
                                        /** @description An attribute key */
                                        key: string & unknown;
                                        /** @description A number, or an ISO 8601 date or date-time (compared as an instant; UTC without an offset) */
                                        value: number | (string & unknown);
                                    } | {
                                        /** @enum {unknown} */
                                        type: "in" | "nin";
                                        /** @description An attribute key */
                                        key: string & unknown;
                                        value: string[] | number[] | boolean[];
                                    } | {
                                        /** @enum {unknown} */
                                        type: "eq" | "ne";
                                        /** @enum {string} */
                                        key: "type" | "language" | "mimetype";
                                        value: string;
                                    } | {
                                        /** @enum {unknown} */
                                        type: "in" | "nin";
                                        /** @enum {string} */
                                        key: "type" | "language" | "mimetype";
                                        value: string[];
                                    } | {
                                        /** @enum {unknown} */
                                        type: "eq" | "ne" | "gt" | "gte" | "lt" | "lte";
                                        /** @enum {string} */
                                        key: "createdAt" | "updatedAt";
                                        value: string & unknown;
                                    } | {
                                        /** @enum {unknown} */
                                        type: "in" | "nin";
                                        /** @enum {string} */
                                        key: "createdAt" | "updatedAt";
                                        value: (string & unknown)[];
                                    } | {
                                        /** @enum {unknown} */
                                        type: "eq" | "ne";
                                        /** @enum {string} */
                                        key: "parentId" | "categoryId";
                                        value: string & unknown;
                                    } | {
                                        /** @enum {unknown} */
                                        type: "in" | "nin";
                                        /** @enum {string} */
                                        key: "parentId" | "categoryId";
                                        value: (string & unknown)[];
                                    })[];
                                })[];
                            })[];
                        })[];
                    };
                    /** @description Drop results whose final score is below this (after reranking when it ran: the reranker's score). Default 0. */
                    scoreThreshold?: number;
                    /** @description hybrid mode: the vector side's weight in the convex fusion (the keyword side's is 1 - hybridWeight). Default 0.8. The other modes fuse nothing and ignore it. */
                    hybridWeight?: number;
                    /** @description Rerank the best rerankCandidates results with the configured reranker. Default: the workspace's setting (GET /v1/workspaces/{workspaceId}/retrieval-settings). When the reranker fails or none is configured, the results come back un-reranked and the X-Rerank header says so. */
                    rerank?: boolean;
                    /** @description With rerank: how many results of the mode the reranker rescores (default 20); raised to limit when smaller. Without rerank it has no effect. */
                    rerankCandidates?: number;
                    /** @description Add explain to each result: the scores behind it and, for workspace credentials, its roles */
                    explain?: boolean;
                };
            };
        };
        responses: {
            /** @description The results */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    /** @description Only when reranking was asked: applied; skipped (the reranker failed or timed out: the results are un-reranked); unconfigured (no reranker: un-reranked) */
                    "X-Rerank"?: "applied" | "skipped" | "unconfigured";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        results: components["schemas"]["SemanticSearchResult"][];
                        total: number;
                    };
                };
            };
            /** @description Bad Request: Request contains a NUL character or an unpaired UTF-16 surrogate; Malformed JSON in request body; Missing required field; Invalid limit value, must be between 1 and 50; roleIds must be an array of valid UUIDs; audienceId must be a valid UUID; roleIds may hold at most 100 role ids; query must be at most 2000 characters; title must be at most 2000 characters; scoreThreshold must be a number between 0 and 1; hybridWeight must be a number between 0 and 1; rerank must be a boolean; rerankCandidates must be an integer between 1 and 100; explain must be a boolean */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthorized: Invalid or expired access token; Invalid or missing API key */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Forbidden: HTTPS is required; Insufficient permissions; Role not found */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not Found: Workspace not found; Audience not found */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Gone: Workspace is deleted */
            410: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Payload Too Large: Request body exceeds the limit of MAX_JSON_BODY_BYTES bytes */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too Many Requests: Rate limit exceeded: at most RATE_LIMIT_REQUESTS requests per RATE_LIMIT_WINDOW_SECONDS s; retry in N s */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal Server Error: Failed to process or retrieve the resource */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Service Unavailable: Service temporarily unavailable; The request took too long; retry later */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getRetrievalSettings: {
        parameters: {
            query?: never;
            header: {
                /** @description The access token's organization (required with an access token) */
                organizationid: string;
            };
            path: {
                /** @description The workspace */
                workspaceId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The settings */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RetrievalSettings"];
                };
            };
            /** @description Bad Request: Request contains a NUL character or an unpaired UTF-16 surrogate; Missing required header: organizationid */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthorized: Invalid or expired access token */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Forbidden: HTTPS is required; Insufficient permissions; Role not found */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not Found: Workspace not found */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Gone: Workspace is deleted */
            410: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too Many Requests: Rate limit exceeded: at most RATE_LIMIT_REQUESTS requests per RATE_LIMIT_WINDOW_SECONDS s; retry in N s */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal Server Error: Failed to process or retrieve the resource */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Service Unavailable: Service temporarily unavailable; The request took too long; retry later */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    setRetrievalSettings: {
        parameters: {
            query?: never;
            header: {
                /** @description The access token's organization (required with an access token) */
                organizationid: string;
            };
            path: {
                /** @description The workspace */
                workspaceId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    rerank: boolean;
                };
            };
        };
        responses: {
            /** @description The new settings */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RetrievalSettings"];
                };
            };
            /** @description Bad Request: Request contains a NUL character or an unpaired UTF-16 surrogate; Malformed JSON in request body; Missing required header: organizationid; rerank must be a boolean */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthorized: Invalid or expired access token */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Forbidden: HTTPS is required; Insufficient permissions; Role not found */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not Found: Workspace not found */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Gone: Workspace is deleted */
            410: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Payload Too Large: Request body exceeds the limit of MAX_JSON_BODY_BYTES bytes */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too Many Requests: Rate limit exceeded: at most RATE_LIMIT_REQUESTS requests per RATE_LIMIT_WINDOW_SECONDS s; retry in N s */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal Server Error: Failed to process or retrieve the resource */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Service Unavailable: Service temporarily unavailable; The request took too long; retry later */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    searchKnowledgeByTitle: {
        parameters: {
            query?: never;
            header?: {
                organizationid?: string;
            };
            path: {
                /** @description The workspace */
                workspaceId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Part of the title (case-insensitive; wildcards are literal) */
                    title: string & unknown;
                    /** @default 10 */
                    limit?: number;
                    /**
                     * Format: uuid
                     * @description Only knowledge assigned to this audience
                     */
                    audienceId?: string;
                    /** @description Only knowledge accessible to these roles */
                    roleIds?: string[];
                    /** @description Only items the filter lets through (OpenAI's vector-store shape): a comparison {type: eq|ne|gt|gte|lt|lte|in|nin, key, value} or {type: and|or, filters: [...]}, nested at most 5 levels (a comparison alone is one), with at most 64 comparisons listing at most 500 values in all. Keys: the built-in type, language, mimetype, createdAt, updatedAt, parentId, categoryId (the item's own fields; createdAt and updatedAt compare ISO dates, parentId and categoryId UUIDs) or an attribute key. eq/in match equal values; ne/nin are their negation (an item without the key passes them); gt/gte/lt/lte compare numbers, or ISO dates as instants. A child of a website or archive carries its parent's attributes. 400 names the problem and its place (filter.filters[1].value). */
                    filter?: {
                        /** @enum {unknown} */
                        type: "eq" | "ne";
                        /** @description An attribute key */
                        key: string & unknown;
                        value: string | number | boolean;
                    } | {
                        /** @enum {unknown} */
                        type: "gt" | "gte" | "lt" | "lte";
                        /** @description An attribute key */
                        key: string & unknown;
                        /** @description A number, or an ISO 8601 date or date-time (compared as an instant; UTC without an offset) */
                        value: number | (string & unknown);
                    } | {
                        /** @enum {unknown} */
                        type: "in" | "nin";
                        /** @description An attribute key */
                        key: string & unknown;
                        value: string[] | number[] | boolean[];
                    } | {
                        /** @enum {unknown} */
                        type: "eq" | "ne";
                        /** @enum {string} */
                        key: "type" | "language" | "mimetype";
                        value: string;
                    } | {
                        /** @enum {unknown} */
                        type: "in" | "nin";
                        /** @enum {string} */
                        key: "type" | "language" | "mimetype";
                        value: string[];
                    } | {
                        /** @enum {unknown} */
                        type: "eq" | "ne" | "gt" | "gte" | "lt" | "lte";
                        /** @enum {string} */
                        key: "createdAt" | "updatedAt";
                        value: string & unknown;
                    } | {
                        /** @enum {unknown} */
                        type: "in" | "nin";
                        /** @enum {string} */
                        key: "createdAt" | "updatedAt";
                        value: (string & unknown)[];
                    } | {
                        /** @enum {unknown} */
                        type: "eq" | "ne";
                        /** @enum {string} */
                        key: "parentId" | "categoryId";
                        value: string & unknown;
                    } | {
                        /** @enum {unknown} */
                        type: "in" | "nin";
                        /** @enum {string} */
                        key: "parentId" | "categoryId";
                        value: (string & unknown)[];
                    } | {
                        /** @enum {unknown} */
                        type: "and" | "or";
                        filters: ({
                            /** @enum {unknown} */
                            type: "eq" | "ne";
                            /** @description An attribute key */
                            key: string & unknown;
                            value: string | number | boolean;
                        } | {
                            /** @enum {unknown} */
                            type: "gt" | "gte" | "lt" | "lte";
                            /** @description An attribute key */
                            key: string & unknown;
                            /** @description A number, or an ISO 8601 date or date-time (compared as an instant; UTC without an offset) */
                            value: number | (string & unknown);
                        } | {
                            /** @enum {unknown} */
                            type: "in" | "nin";
                            /** @description An attribute key */
                            key: string & unknown;
                            value: string[] | number[] | boolean[];
                        } | {
                            /** @enum {unknown} */
                            type: "eq" | "ne";
                            /** @enum {string} */
                            key: "type" | "language" | "mimetype";
                            value: string;
                        } | {
                            /** @enum {unknown} */
                            type: "in" | "nin";
                            /** @enum {string} */
                            key: "type" | "language" | "mimetype";
                            value: string[];
                        } | {
                            /** @enum {unknown} */
                            type: "eq" | "ne" | "gt" | "gte" | "lt" | "lte";
                            /** @enum {string} */
                            key: "createdAt" | "updatedAt";
                            value: string & unknown;
                        } | {
                            /** @enum {unknown} */
                            type: "in" | "nin";
                            /** @enum {string} */
                            key: "createdAt" | "updatedAt";
                            value: (string & unknown)[];
                        } | {
                            /** @enum {unknown} */
                            type: "eq" | "ne";
                            /** @enum {string} */
                            key: "parentId" | "categoryId";
                            value: string & unknown;
                        } | {
                            /** @enum {unknown} */
                            type: "in" | "nin";
                            /** @enum {string} */
                            key: "parentId" | "categoryId";
                            value: (string & unknown)[];
                        } | {
                            /** @enum {unknown} */
                            type: "and" | "or";
                            filters: ({
                                /** @enum {unknown} */
                                type: "eq" | "ne";
                                /** @description An attribute key */
                                key: string & unknown;
                                value: string | number | boolean;
                            } | {
                                /** @enum {unknown} */
                                type: "gt" | "gte" | "lt" | "lte";
                                /** @description An attribute key */
                                key: string & unknown;
                                /** @description A number, or an ISO 8601 date or date-time (compared as an instant; UTC without an offset) */
                                value: number | (string & unknown);
                            } | {
                                /** @enum {unknown} */
                                type: "in" | "nin";
                                /** @description An attribute key */
                                key: string & unknown;
                                value: string[] | number[] | boolean[];
                            } | {
                                /** @enum {unknown} */
                                type: "eq" | "ne";
                                /** @enum {string} */
                                key: "type" | "language" | "mimetype";
                                value: string;
                            } | {
                                /** @enum {unknown} */
                                type: "in" | "nin";
                                /** @enum {string} */
                                key: "type" | "language" | "mimetype";
                                value: string[];
                            } | {
                                /** @enum {unknown} */
                                type: "eq" | "ne" | "gt" | "gte" | "lt" | "lte";
                                /** @enum {string} */
                                key: "createdAt" | "updatedAt";
                                value: string & unknown;
                            } | {
                                /** @enum {unknown} */
                                type: "in" | "nin";
                                /** @enum {string} */
                                key: "createdAt" | "updatedAt";
                                value: (string & unknown)[];
                            } | {
                                /** @enum {unknown} */
                                type: "eq" | "ne";
                                /** @enum {string} */
                                key: "parentId" | "categoryId";
                                value: string & unknown;
                            } | {
                                /** @enum {unknown} */
                                type: "in" | "nin";
                                /** @enum {string} */
                                key: "parentId" | "categoryId";
                                value: (string & unknown)[];
                            } | {
                                /** @enum {unknown} */
                                type: "and" | "or";
                                filters: ({
                                    /** @enum {unknown} */
                                    type: "eq" | "ne";
                                    /** @description An attribute key */
                                    key: string & unknown;
                                    value: string | number | boolean;
                                } | {
                                    /** @enum {unknown} */
                                    type: "gt" | "gte" | "lt" | "lte";
                                    /** @description An attribute key */
                                    key: string & unknown;
                                    /** @description A number, or an ISO 8601 date or date-time (compared as an instant; UTC without an offset) */
                                    value: number | (string & unknown);
                                } | {
                                    /** @enum {unknown} */
                                    type: "in" | "nin";
                                    /** @description An attribute key */
                                    key: string & unknown;
                                    value: string[] | number[] | boolean[];
                                } | {
                                    /** @enum {unknown} */
                                    type: "eq" | "ne";
                                    /** @enum {string} */
                                    key: "type" | "language" | "mimetype";
                                    value: string;
                                } | {
                                    /** @enum {unknown} */
                                    type: "in" | "nin";
                                    /** @enum {string} */
                                    key: "type" | "language" | "mimetype";
                                    value: string[];
                                } | {
                                    /** @enum {unknown} */
                                    type: "eq" | "ne" | "gt" | "gte" | "lt" | "lte";
                                    /** @enum {string} */
                                    key: "createdAt" | "updatedAt";
                                    value: string & unknown;
                                } | {
                                    /** @enum {unknown} */
                                    type: "in" | "nin";
                                    /** @enum {string} */
                                    key: "createdAt" | "updatedAt";
                                    value: (string & unknown)[];
                                } | {
                                    /** @enum {unknown} */
                                    type: "eq" | "ne";
                                    /** @enum {string} */
                                    key: "parentId" | "categoryId";
                                    value: string & unknown;
                                } | {
                                    /** @enum {unknown} */
                                    type: "in" | "nin";
                                    /** @enum {string} */
                                    key: "parentId" | "categoryId";
                                    value: (string & unknown)[];
                                } | {
                                    /** @enum {unknown} */
                                    type: "and" | "or";
                                    filters: ({
                                        /** @enum {unknown} */
                                        type: "eq" | "ne";
                                        /** @description An attribute key */
                                        key: string & unknown;
                                        value: string | number | boolean;
                                    } | {
                                        /** @enum {unknown} */
                                        type: "gt" | "gte" | "lt" | "lte";
                                        /** @description An attribute key */
                                        key: string & unknown;
                                        /** @description A number, or an ISO 8601 date or date-time (compared as an instant; UTC without an offset) */
                                        value: number | (string & unknown);
                                    } | {
                                        /** @enum {unknown} */
                                        type: "in" | "nin";
                                        /** @description An attribute key */
                                        key: string & unknown;
                                        value: string[] | number[] | boolean[];
                                    } | {
                                        /** @enum {unknown} */
                                        type: "eq" | "ne";
                                        /** @enum {string} */
                                        key: "type" | "language" | "mimetype";
                                        value: string;
                                    } | {
                                        /** @enum {unknown} */
                                        type: "in" | "nin";
                                        /** @enum {string} */
                                        key: "type" | "language" | "mimetype";
                                        value: string[];
                                    } | {
                                        /** @enum {unknown} */
                                        type: "eq" | "ne" | "gt" | "gte" | "lt" | "lte";
                                        /** @enum {string} */
                                        key: "createdAt" | "updatedAt";
                                        value: string & unknown;
                                    } | {
                                        /** @enum {unknown} */
                                        type: "in" | "nin";
                                        /** @enum {string} */
                                        key: "createdAt" | "updatedAt";
                                        value: (string & unknown)[];
                                    } | {
                                        /** @enum {unknown} */
                                        type: "eq" | "ne";
                                        /** @enum {string} */
                                        key: "parentId" | "categoryId";
                                        value: string & unknown;
                                    } | {
                                        /** @enum {unknown} */
                                        type: "in" | "nin";
                                        /** @enum {string} */
                                        key: "parentId" | "categoryId";
                                        value: (string & unknown)[];
                                    })[];
                                })[];
                            })[];
                        })[];
                    };
                };
            };
        };
        responses: {
            /** @description The results */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        results: components["schemas"]["TitleSearchResult"][];
                        total: number;
                    };
                };
            };
            /** @description Bad Request: Request contains a NUL character or an unpaired UTF-16 surrogate; Malformed JSON in request body; Missing required field; Invalid limit value, must be between 1 and 50; roleIds must be an array of valid UUIDs; audienceId must be a valid UUID; roleIds may hold at most 100 role ids; query must be at most 2000 characters; title must be at most 2000 characters */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthorized: Invalid or expired access token */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Forbidden: HTTPS is required; Insufficient permissions; Role not found */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not Found: Workspace not found; Audience not found */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Gone: Workspace is deleted */
            410: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Payload Too Large: Request body exceeds the limit of MAX_JSON_BODY_BYTES bytes */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too Many Requests: Rate limit exceeded: at most RATE_LIMIT_REQUESTS requests per RATE_LIMIT_WINDOW_SECONDS s; retry in N s */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal Server Error: Failed to process or retrieve the resource */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Service Unavailable: Service temporarily unavailable; The request took too long; retry later */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    searchKnowledgeByTitleV1: {
        parameters: {
            query?: never;
            header: {
                /** @description The access token's organization (required with an access token) */
                organizationid: string;
            };
            path: {
                /** @description The workspace */
                workspaceId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Part of the title (case-insensitive; wildcards are literal) */
                    title: string & unknown;
                    /** @default 10 */
                    limit?: number;
                    /**
                     * Format: uuid
                     * @description Only knowledge assigned to this audience
                     */
                    audienceId?: string;
                    /** @description Only knowledge accessible to these roles */
                    roleIds?: string[];
                    /** @description Only items the filter lets through (OpenAI's vector-store shape): a comparison {type: eq|ne|gt|gte|lt|lte|in|nin, key, value} or {type: and|or, filters: [...]}, nested at most 5 levels (a comparison alone is one), with at most 64 comparisons listing at most 500 values in all. Keys: the built-in type, language, mimetype, createdAt, updatedAt, parentId, categoryId (the item's own fields; createdAt and updatedAt compare ISO dates, parentId and categoryId UUIDs) or an attribute key. eq/in match equal values; ne/nin are their negation (an item without the key passes them); gt/gte/lt/lte compare numbers, or ISO dates as instants. A child of a website or archive carries its parent's attributes. 400 names the problem and its place (filter.filters[1].value). */
                    filter?: {
                        /** @enum {unknown} */
                        type: "eq" | "ne";
                        /** @description An attribute key */
                        key: string & unknown;
                        value: string | number | boolean;
                    } | {
                        /** @enum {unknown} */
                        type: "gt" | "gte" | "lt" | "lte";
                        /** @description An attribute key */
                        key: string & unknown;
                        /** @description A number, or an ISO 8601 date or date-time (compared as an instant; UTC without an offset) */
                        value: number | (string & unknown);
                    } | {
                        /** @enum {unknown} */
                        type: "in" | "nin";
                        /** @description An attribute key */
                        key: string & unknown;
                        value: string[] | number[] | boolean[];
                    } | {
                        /** @enum {unknown} */
                        type: "eq" | "ne";
                        /** @enum {string} */
                        key: "type" | "language" | "mimetype";
                        value: string;
                    } | {
                        /** @enum {unknown} */
                        type: "in" | "nin";
                        /** @enum {string} */
                        key: "type" | "language" | "mimetype";
                        value: string[];
                    } | {
                        /** @enum {unknown} */
                        type: "eq" | "ne" | "gt" | "gte" | "lt" | "lte";
                        /** @enum {string} */
                        key: "createdAt" | "updatedAt";
                        value: string & unknown;
                    } | {
                        /** @enum {unknown} */
                        type: "in" | "nin";
                        /** @enum {string} */
                        key: "createdAt" | "updatedAt";
                        value: (string & unknown)[];
                    } | {
                        /** @enum {unknown} */
                        type: "eq" | "ne";
                        /** @enum {string} */
                        key: "parentId" | "categoryId";
                        value: string & unknown;
                    } | {
                        /** @enum {unknown} */
                        type: "in" | "nin";
                        /** @enum {string} */
                        key: "parentId" | "categoryId";
                        value: (string & unknown)[];
                    } | {
                        /** @enum {unknown} */
                        type: "and" | "or";
                        filters: ({
                            /** @enum {unknown} */
                            type: "eq" | "ne";
                            /** @description An attribute key */
                            key: string & unknown;
                            value: string | number | boolean;
                        } | {
                            /** @enum {unknown} */
                            type: "gt" | "gte" | "lt" | "lte";
                            /** @description An attribute key */
                            key: string & unknown;
                            /** @description A number, or an ISO 8601 date or date-time (compared as an instant; UTC without an offset) */
                            value: number | (string & unknown);
                        } | {
                            /** @enum {unknown} */
                            type: "in" | "nin";
                            /** @description An attribute key */
                            key: string & unknown;
                            value: string[] | number[] | boolean[];
                        } | {
                            /** @enum {unknown} */
                            type: "eq" | "ne";
                            /** @enum {string} */
                            key: "type" | "language" | "mimetype";
                            value: string;
                        } | {
                            /** @enum {unknown} */
                            type: "in" | "nin";
                            /** @enum {string} */
                            key: "type" | "language" | "mimetype";
                            value: string[];
                        } | {
                            /** @enum {unknown} */
                            type: "eq" | "ne" | "gt" | "gte" | "lt" | "lte";
                            /** @enum {string} */
                            key: "createdAt" | "updatedAt";
                            value: string & unknown;
                        } | {
                            /** @enum {unknown} */
                            type: "in" | "nin";
                            /** @enum {string} */
                            key: "createdAt" | "updatedAt";
                            value: (string & unknown)[];
                        } | {
                            /** @enum {unknown} */
                            type: "eq" | "ne";
                            /** @enum {string} */
                            key: "parentId" | "categoryId";
                            value: string & unknown;
                        } | {
                            /** @enum {unknown} */
                            type: "in" | "nin";
                            /** @enum {string} */
                            key: "parentId" | "categoryId";
                            value: (string & unknown)[];
                        } | {
                            /** @enum {unknown} */
                            type: "and" | "or";
                            filters: ({
                                /** @enum {unknown} */
                                type: "eq" | "ne";
                                /** @description An attribute key */
                                key: string & unknown;
                                value: string | number | boolean;
                            } | {
                                /** @enum {unknown} */
                                type: "gt" | "gte" | "lt" | "lte";
                                /** @description An attribute key */
                                key: string & unknown;
                                /** @description A number, or an ISO 8601 date or date-time (compared as an instant; UTC without an offset) */
                                value: number | (string & unknown);
                            } | {
                                /** @enum {unknown} */
                                type: "in" | "nin";
                                /** @description An attribute key */
                                key: string & unknown;
                                value: string[] | number[] | boolean[];
                            } | {
                                /** @enum {unknown} */
                                type: "eq" | "ne";
                                /** @enum {string} */
                                key: "type" | "language" | "mimetype";
                                value: string;
                            } | {
                                /** @enum {unknown} */
                                type: "in" | "nin";
                                /** @enum {string} */
                                key: "type" | "language" | "mimetype";
                                value: string[];
                            } | {
                                /** @enum {unknown} */
                                type: "eq" | "ne" | "gt" | "gte" | "lt" | "lte";
                                /** @enum {string} */
                                key: "createdAt" | "updatedAt";
                                value: string & unknown;
                            } | {
                                /** @enum {unknown} */
                                type: "in" | "nin";
                                /** @enum {string} */
                                key: "createdAt" | "updatedAt";
                                value: (string & unknown)[];
                            } | {
                                /** @enum {unknown} */
                                type: "eq" | "ne";
                                /** @enum {string} */
                                key: "parentId" | "categoryId";
                                value: string & unknown;
                            } | {
                                /** @enum {unknown} */
                                type: "in" | "nin";
                                /** @enum {string} */
                                key: "parentId" | "categoryId";
                                value: (string & unknown)[];
                            } | {
                                /** @enum {unknown} */
                                type: "and" | "or";
                                filters: ({
                                    /** @enum {unknown} */
                                    type: "eq" | "ne";
                                    /** @description An attribute key */
                                    key: string & unknown;
                                    value: string | number | boolean;
                                } | {
                                    /** @enum {unknown} */
                                    type: "gt" | "gte" | "lt" | "lte";
                                    /** @description An attribute key */
                                    key: string & unknown;
                                    /** @description A number, or an ISO 8601 date or date-time (compared as an instant; UTC without an offset) */
                                    value: number | (string & unknown);
                                } | {
                                    /** @enum {unknown} */
                                    type: "in" | "nin";
                                    /** @description An attribute key */
                                    key: string & unknown;
                                    value: string[] | number[] | boolean[];
                                } | {
                                    /** @enum {unknown} */
                                    type: "eq" | "ne";
                                    /** @enum {string} */
                                    key: "type" | "language" | "mimetype";
                                    value: string;
                                } | {
                                    /** @enum {unknown} */
                                    type: "in" | "nin";
                                    /** @enum {string} */
                                    key: "type" | "language" | "mimetype";
                                    value: string[];
                                } | {
                                    /** @enum {unknown} */
                                    type: "eq" | "ne" | "gt" | "gte" | "lt" | "lte";
                                    /** @enum {string} */
                                    key: "createdAt" | "updatedAt";
                                    value: string & unknown;
                                } | {
                                    /** @enum {unknown} */
                                    type: "in" | "nin";
                                    /** @enum {string} */
                                    key: "createdAt" | "updatedAt";
                                    value: (string & unknown)[];
                                } | {
                                    /** @enum {unknown} */
                                    type: "eq" | "ne";
                                    /** @enum {string} */
                                    key: "parentId" | "categoryId";
                                    value: string & unknown;
                                } | {
                                    /** @enum {unknown} */
                                    type: "in" | "nin";
                                    /** @enum {string} */
                                    key: "parentId" | "categoryId";
                                    value: (string & unknown)[];
                                } | {
                                    /** @enum {unknown} */
                                    type: "and" | "or";
                                    filters: ({
                                        /** @enum {unknown} */
                                        type: "eq" | "ne";
                                        /** @description An attribute key */
                                        key: string & unknown;
                                        value: string | number | boolean;
                                    } | {
                                        /** @enum {unknown} */
                                        type: "gt" | "gte" | "lt" | "lte";
                                        /** @description An attribute key */
                                        key: string & unknown;
                                        /** @description A number, or an ISO 8601 date or date-time (compared as an instant; UTC without an offset) */
                                        value: number | (string & unknown);
                                    } | {
                                        /** @enum {unknown} */
                                        type: "in" | "nin";
                                        /** @description An attribute key */
                                        key: string & unknown;
                                        value: string[] | number[] | boolean[];
                                    } | {
                                        /** @enum {unknown} */
                                        type: "eq" | "ne";
                                        /** @enum {string} */
                                        key: "type" | "language" | "mimetype";
                                        value: string;
                                    } | {
                                        /** @enum {unknown} */
                                        type: "in" | "nin";
                                        /** @enum {string} */
                                        key: "type" | "language" | "mimetype";
                                        value: string[];
                                    } | {
                                        /** @enum {unknown} */
                                        type: "eq" | "ne" | "gt" | "gte" | "lt" | "lte";
                                        /** @enum {string} */
                                        key: "createdAt" | "updatedAt";
                                        value: string & unknown;
                                    } | {
                                        /** @enum {unknown} */
                                        type: "in" | "nin";
                                        /** @enum {string} */
                                        key: "createdAt" | "updatedAt";
                                        value: (string & unknown)[];
                                    } | {
                                        /** @enum {unknown} */
                                        type: "eq" | "ne";
                                        /** @enum {string} */
                                        key: "parentId" | "categoryId";
                                        value: string & unknown;
                                    } | {
                                        /** @enum {unknown} */
                                        type: "in" | "nin";
                                        /** @enum {string} */
                                        key: "parentId" | "categoryId";
                                        value: (string & unknown)[];
                                    })[];
                                })[];
                            })[];
                        })[];
                    };
                };
            };
        };
        responses: {
            /** @description The results */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        results: components["schemas"]["TitleSearchResult"][];
                        total: number;
                    };
                };
            };
            /** @description Bad Request: Request contains a NUL character or an unpaired UTF-16 surrogate; Malformed JSON in request body; Missing required header: organizationid; Missing required field; Invalid limit value, must be between 1 and 50; roleIds must be an array of valid UUIDs; audienceId must be a valid UUID; roleIds may hold at most 100 role ids; query must be at most 2000 characters; title must be at most 2000 characters */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthorized: Invalid or expired access token */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Forbidden: HTTPS is required; Insufficient permissions; Role not found */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not Found: Workspace not found; Audience not found */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Gone: Workspace is deleted */
            410: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Payload Too Large: Request body exceeds the limit of MAX_JSON_BODY_BYTES bytes */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too Many Requests: Rate limit exceeded: at most RATE_LIMIT_REQUESTS requests per RATE_LIMIT_WINDOW_SECONDS s; retry in N s */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal Server Error: Failed to process or retrieve the resource */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Service Unavailable: Service temporarily unavailable; The request took too long; retry later */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listKnowledgeChunks: {
        parameters: {
            query?: {
                page?: number;
                limit?: number;
            };
            header: {
                /** @description The access token's organization (required with an access token) */
                organizationid: string;
            };
            path: {
                /** @description The workspace */
                workspaceId: string;
                /** @description The knowledge item (malformed: 400 "Invalid knowledge ID format") */
                knowledgeId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of chunks */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        chunks: components["schemas"]["Chunk"][];
                        total: number;
                        page: number;
                        limit: number;
                    };
                };
            };
            /** @description Bad Request: Request contains a NUL character or an unpaired UTF-16 surrogate; Missing required header: organizationid; Invalid knowledge ID format; Invalid page value, must be between 1 and 10000; Invalid limit value, must be between 1 and 100 */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthorized: Invalid or expired access token */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Forbidden: HTTPS is required; Insufficient permissions; Role not found */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not Found: Workspace not found; Knowledge item not found */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Gone: Workspace is deleted */
            410: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too Many Requests: Rate limit exceeded: at most RATE_LIMIT_REQUESTS requests per RATE_LIMIT_WINDOW_SECONDS s; retry in N s */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal Server Error: Failed to process or retrieve the resource */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Service Unavailable: Service temporarily unavailable; The request took too long; retry later */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createKnowledgeChunk: {
        parameters: {
            query?: never;
            header: {
                /** @description The access token's organization (required with an access token) */
                organizationid: string;
            };
            path: {
                /** @description The workspace */
                workspaceId: string;
                /** @description The knowledge item (malformed: 400 "Invalid knowledge ID format") */
                knowledgeId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The text: embedded and searchable at once */
                    text: string & unknown;
                    /** @description Where it goes among the item's chunks, from 0 (the chunks from there move one place on); default and past the last chunk: last */
                    position?: number;
                };
            };
        };
        responses: {
            /** @description The new chunk */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Chunk"];
                };
            };
            /** @description Bad Request: Request contains a NUL character or an unpaired UTF-16 surrogate; Malformed JSON in request body; Missing required header: organizationid; Invalid knowledge ID format; Missing required field; text must be a string; text must not be empty; text must be at most 4000 characters; position must be an integer from 0 to 10000000; A new chunk accepts only text and position */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthorized: Invalid or expired access token */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Forbidden: HTTPS is required; Insufficient permissions; Role not found */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not Found: Workspace not found; Knowledge item not found */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict: Chunks can be changed only while the item is COMPLETED (it is processing or failed); The item already has as many manual chunks as allowed (MAX_MANUAL_CHUNKS_PER_ITEM) */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Gone: Workspace is deleted */
            410: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Payload Too Large: Request body exceeds the limit of MAX_JSON_BODY_BYTES bytes */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too Many Requests: Rate limit exceeded: at most RATE_LIMIT_REQUESTS requests per RATE_LIMIT_WINDOW_SECONDS s; retry in N s */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal Server Error: Failed to process or retrieve the resource */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Service Unavailable: Service temporarily unavailable; The request took too long; retry later; The embedding model could not embed the text; nothing was changed, retry later */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    updateKnowledgeChunk: {
        parameters: {
            query?: never;
            header: {
                /** @description The access token's organization (required with an access token) */
                organizationid: string;
            };
            path: {
                /** @description The workspace */
                workspaceId: string;
                /** @description The knowledge item (malformed: 400 "Invalid knowledge ID format") */
                knowledgeId: string;
                /** @description The chunk (malformed: 400 "Invalid chunk ID format") */
                chunkId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The new text: re-embedded and re-indexed for keyword search at once */
                    text?: string & unknown;
                    /** @description false: the chunk stays but no search, RAG or tool reads it; true: back */
                    enabled?: boolean;
                };
            };
        };
        responses: {
            /** @description The chunk as it now is */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Chunk"];
                };
            };
            /** @description Bad Request: Request contains a NUL character or an unpaired UTF-16 surrogate; Malformed JSON in request body; Missing required header: organizationid; Invalid knowledge ID format; Invalid chunk ID format; text must be a string; text must not be empty; text must be at most 4000 characters; enabled must be a boolean; text or enabled is required; A chunk change accepts only text and enabled */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthorized: Invalid or expired access token */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Forbidden: HTTPS is required; Insufficient permissions; Role not found */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not Found: Workspace not found; Knowledge item not found; Chunk not found */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict: Chunks can be changed only while the item is COMPLETED (it is processing or failed) */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Gone: Workspace is deleted */
            410: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Payload Too Large: Request body exceeds the limit of MAX_JSON_BODY_BYTES bytes */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too Many Requests: Rate limit exceeded: at most RATE_LIMIT_REQUESTS requests per RATE_LIMIT_WINDOW_SECONDS s; retry in N s */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal Server Error: Failed to process or retrieve the resource */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Service Unavailable: Service temporarily unavailable; The request took too long; retry later; The embedding model could not embed the text; nothing was changed, retry later */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getRbacStatus: {
        parameters: {
            query?: never;
            header: {
                /** @description The access token's organization (required with an access token) */
                organizationid: string;
            };
            path: {
                /** @description The workspace */
                workspaceId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description RBAC status */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RbacStatus"];
                };
            };
            /** @description Bad Request: Request contains a NUL character or an unpaired UTF-16 surrogate; Missing required header: organizationid */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthorized: Invalid or expired access token */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Forbidden: HTTPS is required; Insufficient permissions; Role not found */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not Found: Workspace not found */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Gone: Workspace is deleted */
            410: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too Many Requests: Rate limit exceeded: at most RATE_LIMIT_REQUESTS requests per RATE_LIMIT_WINDOW_SECONDS s; retry in N s */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal Server Error: Failed to process or retrieve the resource */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Service Unavailable: Service temporarily unavailable; The request took too long; retry later */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    setRbacStatus: {
        parameters: {
            query?: never;
            header: {
                /** @description The access token's organization (required with an access token) */
                organizationid: string;
            };
            path: {
                /** @description The workspace */
                workspaceId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    rbacEnabled: boolean;
                };
            };
        };
        responses: {
            /** @description The new RBAC status */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RbacStatus"];
                };
            };
            /** @description Bad Request: Request contains a NUL character or an unpaired UTF-16 surrogate; Malformed JSON in request body; Missing required header: organizationid; rbacEnabled must be a boolean */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthorized: Invalid or expired access token */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Forbidden: HTTPS is required; Insufficient permissions; Role not found */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not Found: Workspace not found */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Gone: Workspace is deleted */
            410: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Payload Too Large: Request body exceeds the limit of MAX_JSON_BODY_BYTES bytes */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too Many Requests: Rate limit exceeded: at most RATE_LIMIT_REQUESTS requests per RATE_LIMIT_WINDOW_SECONDS s; retry in N s */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal Server Error: Failed to process or retrieve the resource */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Service Unavailable: Service temporarily unavailable; The request took too long; retry later */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listRoles: {
        parameters: {
            query?: never;
            header: {
                /** @description The access token's organization (required with an access token) */
                organizationid: string;
            };
            path: {
                /** @description The workspace */
                workspaceId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description All roles */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        roles: components["schemas"]["Role"][];
                        total: number;
                    };
                };
            };
            /** @description Bad Request: Request contains a NUL character or an unpaired UTF-16 surrogate; Missing required header: organizationid */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthorized: Invalid or expired access token */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Forbidden: HTTPS is required; Insufficient permissions; Role not found */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not Found: Workspace not found */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Gone: Workspace is deleted */
            410: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too Many Requests: Rate limit exceeded: at most RATE_LIMIT_REQUESTS requests per RATE_LIMIT_WINDOW_SECONDS s; retry in N s */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal Server Error: Failed to process or retrieve the resource */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Service Unavailable: Service temporarily unavailable; The request took too long; retry later */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createRole: {
        parameters: {
            query?: never;
            header: {
                /** @description The access token's organization (required with an access token) */
                organizationid: string;
            };
            path: {
                /** @description The workspace */
                workspaceId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name: string;
                    description?: string | null;
                    customerRoleId?: (string & unknown) | null;
                };
            };
        };
        responses: {
            /** @description The workflow and the role id */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The role-create workflow (role-create:<workspaceId>:<content hash>) */
                        workflowId: string;
                        /**
                         * Format: uuid
                         * @description The id the role has (derived from the workflow id, so a repeated create makes no second role)
                         */
                        roleId: string;
                    };
                };
            };
            /** @description Bad Request: Request contains a NUL character or an unpaired UTF-16 surrogate; Malformed JSON in request body; Missing required header: organizationid; Missing required field; Invalid field value */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthorized: Invalid or expired access token */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Forbidden: HTTPS is required; Insufficient permissions; Role not found */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not Found: Workspace not found */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Gone: Workspace is deleted */
            410: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Payload Too Large: Request body exceeds the limit of MAX_JSON_BODY_BYTES bytes */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too Many Requests: Rate limit exceeded: at most RATE_LIMIT_REQUESTS requests per RATE_LIMIT_WINDOW_SECONDS s; retry in N s */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal Server Error: Failed to process or retrieve the resource */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Service Unavailable: Service temporarily unavailable; The request took too long; retry later */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    findRoles: {
        parameters: {
            query?: never;
            header: {
                /** @description The access token's organization (required with an access token) */
                organizationid: string;
            };
            path: {
                /** @description The workspace */
                workspaceId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    customerRoleId?: string;
                    name?: string;
                } | {
                    customerRoleId: unknown;
                } | {
                    name: unknown;
                };
            };
        };
        responses: {
            /** @description The matching roles (empty: total 0) */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        roles: components["schemas"]["Role"][];
                        total: number;
                    };
                };
            };
            /** @description Bad Request: Request contains a NUL character or an unpaired UTF-16 surrogate; Malformed JSON in request body; Missing required header: organizationid; At least one search criterion required; Invalid field value */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthorized: Invalid or expired access token */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Forbidden: HTTPS is required; Insufficient permissions; Role not found */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not Found: Workspace not found */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Gone: Workspace is deleted */
            410: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Payload Too Large: Request body exceeds the limit of MAX_JSON_BODY_BYTES bytes */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too Many Requests: Rate limit exceeded: at most RATE_LIMIT_REQUESTS requests per RATE_LIMIT_WINDOW_SECONDS s; retry in N s */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal Server Error: Failed to process or retrieve the resource */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Service Unavailable: Service temporarily unavailable; The request took too long; retry later */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getRoleByCustomerRoleId: {
        parameters: {
            query?: never;
            header: {
                /** @description The access token's organization (required with an access token) */
                organizationid: string;
            };
            path: {
                /** @description The workspace */
                workspaceId: string;
                customerRoleId: string & unknown;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The role */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Role"];
                };
            };
            /** @description Bad Request: Request contains a NUL character or an unpaired UTF-16 surrogate; Missing required header: organizationid */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthorized: Invalid or expired access token */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Forbidden: HTTPS is required; Insufficient permissions; Role not found */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not Found: Workspace not found; Role not found */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Gone: Workspace is deleted */
            410: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too Many Requests: Rate limit exceeded: at most RATE_LIMIT_REQUESTS requests per RATE_LIMIT_WINDOW_SECONDS s; retry in N s */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal Server Error: Failed to process or retrieve the resource */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Service Unavailable: Service temporarily unavailable; The request took too long; retry later */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getRole: {
        parameters: {
            query?: never;
            header: {
                /** @description The access token's organization (required with an access token) */
                organizationid: string;
            };
            path: {
                /** @description The workspace */
                workspaceId: string;
                /** @description The role (unknown or malformed: 404) */
                roleId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The role */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Role"];
                };
            };
            /** @description Bad Request: Request contains a NUL character or an unpaired UTF-16 surrogate; Missing required header: organizationid */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthorized: Invalid or expired access token */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Forbidden: HTTPS is required; Insufficient permissions; Role not found */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not Found: Workspace not found; Role not found */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Gone: Workspace is deleted */
            410: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too Many Requests: Rate limit exceeded: at most RATE_LIMIT_REQUESTS requests per RATE_LIMIT_WINDOW_SECONDS s; retry in N s */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal Server Error: Failed to process or retrieve the resource */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Service Unavailable: Service temporarily unavailable; The request took too long; retry later */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    updateRole: {
        parameters: {
            query?: never;
            header: {
                /** @description The access token's organization (required with an access token) */
                organizationid: string;
            };
            path: {
                /** @description The workspace */
                workspaceId: string;
                /** @description The role (unknown or malformed: 404) */
                roleId: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": {
                    name?: string;
                    description?: string | null;
                    customerRoleId?: (string & unknown) | null;
                };
            };
        };
        responses: {
            /** @description The workflow and the role as it will be */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * Format: uuid
                         * @description The role-update workflow
                         */
                        workflowId: string;
                        /** @description The role as it will be */
                        role: components["schemas"]["Role"];
                    };
                };
            };
            /** @description Bad Request: Request contains a NUL character or an unpaired UTF-16 surrogate; Malformed JSON in request body; Missing required header: organizationid; Invalid field value */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthorized: Invalid or expired access token */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Forbidden: HTTPS is required; Insufficient permissions; Role not found */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not Found: Workspace not found; Role not found */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict: Role with customerRoleId already exists */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Gone: Workspace is deleted */
            410: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Payload Too Large: Request body exceeds the limit of MAX_JSON_BODY_BYTES bytes */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too Many Requests: Rate limit exceeded: at most RATE_LIMIT_REQUESTS requests per RATE_LIMIT_WINDOW_SECONDS s; retry in N s */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal Server Error: Failed to process or retrieve the resource */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Service Unavailable: Service temporarily unavailable; The request took too long; retry later */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deleteRole: {
        parameters: {
            query?: never;
            header: {
                /** @description The access token's organization (required with an access token) */
                organizationid: string;
            };
            path: {
                /** @description The workspace */
                workspaceId: string;
                /** @description The role (unknown or malformed: 404) */
                roleId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The deletion workflow */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        workflowId: string;
                        /**
                         * Format: uuid
                         * @description The deleted role
                         */
                        roleId: string;
                        message: string;
                    };
                };
            };
            /** @description Bad Request: Request contains a NUL character or an unpaired UTF-16 surrogate; Malformed JSON in request body; Missing required header: organizationid */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthorized: Invalid or expired access token */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Forbidden: HTTPS is required; Insufficient permissions; Role not found */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not Found: Workspace not found; Role not found */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Gone: Workspace is deleted */
            410: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Payload Too Large: Request body exceeds the limit of MAX_JSON_BODY_BYTES bytes */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too Many Requests: Rate limit exceeded: at most RATE_LIMIT_REQUESTS requests per RATE_LIMIT_WINDOW_SECONDS s; retry in N s */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal Server Error: Failed to process or retrieve the resource */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Service Unavailable: Service temporarily unavailable; The request took too long; retry later */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listKnowledgeRoles: {
        parameters: {
            query?: never;
            header: {
                /** @description The access token's organization (required with an access token) */
                organizationid: string;
            };
            path: {
                /** @description The workspace */
                workspaceId: string;
                /** @description The knowledge item (malformed: 400 "Invalid knowledge ID format") */
                knowledgeId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The item's roles */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["KnowledgeRole"][];
                };
            };
            /** @description Bad Request: Request contains a NUL character or an unpaired UTF-16 surrogate; Missing required header: organizationid; Invalid knowledge ID format */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthorized: Invalid or expired access token */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Forbidden: HTTPS is required; Insufficient permissions; Role not found */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not Found: Workspace not found; Knowledge item not found */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Gone: Workspace is deleted */
            410: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too Many Requests: Rate limit exceeded: at most RATE_LIMIT_REQUESTS requests per RATE_LIMIT_WINDOW_SECONDS s; retry in N s */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal Server Error: Failed to process or retrieve the resource */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Service Unavailable: Service temporarily unavailable; The request took too long; retry later */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    assignKnowledgeRoles: {
        parameters: {
            query?: never;
            header: {
                /** @description The access token's organization (required with an access token) */
                organizationid: string;
            };
            path: {
                /** @description The workspace */
                workspaceId: string;
                /** @description The knowledge item (malformed: 400 "Invalid knowledge ID format") */
                knowledgeId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    roleIds: string[];
                };
            };
        };
        responses: {
            /** @description The assignment workflow */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * Format: uuid
                         * @description The workspace
                         */
                        workspaceId: string;
                        /**
                         * Format: uuid
                         * @description The knowledge item
                         */
                        knowledgeId: string;
                        /**
                         * Format: uuid
                         * @description The organization
                         */
                        organizationId: string;
                        roleIds: string[];
                        /** @description The role-assignment workflow */
                        workflowId: string;
                    };
                };
            };
            /** @description Bad Request: Request contains a NUL character or an unpaired UTF-16 surrogate; Malformed JSON in request body; Missing required header: organizationid; roleIds must be an array of valid UUIDs; roleIds may hold at most 100 ids; Invalid knowledge ID format */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthorized: Invalid or expired access token */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Forbidden: HTTPS is required; Insufficient permissions; Role not found; RBAC is not enabled for this workspace */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not Found: Workspace not found; Knowledge item not found; One or more roles not found */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict: The item is the root of a source with rules, whose roles would reach every document: change the source's roleIds (its rules' default) instead */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Gone: Workspace is deleted */
            410: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Payload Too Large: Request body exceeds the limit of MAX_JSON_BODY_BYTES bytes */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too Many Requests: Rate limit exceeded: at most RATE_LIMIT_REQUESTS requests per RATE_LIMIT_WINDOW_SECONDS s; retry in N s */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal Server Error: Failed to process or retrieve the resource */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Service Unavailable: Service temporarily unavailable; The request took too long; retry later */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    unassignKnowledgeRoles: {
        parameters: {
            query?: never;
            header: {
                /** @description The access token's organization (required with an access token) */
                organizationid: string;
            };
            path: {
                /** @description The workspace */
                workspaceId: string;
                /** @description The knowledge item (malformed: 400 "Invalid knowledge ID format") */
                knowledgeId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    roleIds: string[];
                };
            };
        };
        responses: {
            /** @description The assignment workflow */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * Format: uuid
                         * @description The workspace
                         */
                        workspaceId: string;
                        /**
                         * Format: uuid
                         * @description The knowledge item
                         */
                        knowledgeId: string;
                        /**
                         * Format: uuid
                         * @description The organization
                         */
                        organizationId: string;
                        roleIds: string[];
                        /** @description The role-assignment workflow */
                        workflowId: string;
                    };
                };
            };
            /** @description Bad Request: Request contains a NUL character or an unpaired UTF-16 surrogate; Malformed JSON in request body; Missing required header: organizationid; roleIds must be an array of valid UUIDs; roleIds may hold at most 100 ids; Invalid knowledge ID format */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthorized: Invalid or expired access token */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Forbidden: HTTPS is required; Insufficient permissions; Role not found; RBAC is not enabled for this workspace */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not Found: Workspace not found; Knowledge item not found; One or more roles not found */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Gone: Workspace is deleted */
            410: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Payload Too Large: Request body exceeds the limit of MAX_JSON_BODY_BYTES bytes */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too Many Requests: Rate limit exceeded: at most RATE_LIMIT_REQUESTS requests per RATE_LIMIT_WINDOW_SECONDS s; retry in N s */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal Server Error: Failed to process or retrieve the resource */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Service Unavailable: Service temporarily unavailable; The request took too long; retry later */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    explainKnowledgeAccess: {
        parameters: {
            query?: {
                roleId?: string;
                filter?: string;
            };
            header: {
                /** @description The access token's organization (required with an access token) */
                organizationid: string;
            };
            path: {
                /** @description The workspace */
                workspaceId: string;
                /** @description The knowledge item (malformed: 400 "Invalid knowledge ID format") */
                knowledgeId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The rules that apply */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["KnowledgeAccess"];
                };
            };
            /** @description Bad Request: Request contains a NUL character or an unpaired UTF-16 surrogate; Missing required header: organizationid; Invalid knowledge ID format; roleId must be a valid UUID; filter must be a JSON-encoded filter object */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthorized: Invalid or expired access token */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Forbidden: HTTPS is required; Insufficient permissions; Role not found */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not Found: Workspace not found; Knowledge item not found; Role not found */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Gone: Workspace is deleted */
            410: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too Many Requests: Rate limit exceeded: at most RATE_LIMIT_REQUESTS requests per RATE_LIMIT_WINDOW_SECONDS s; retry in N s */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal Server Error: Failed to process or retrieve the resource */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Service Unavailable: Service temporarily unavailable; The request took too long; retry later */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listBackgroundJobs: {
        parameters: {
            query?: {
                /** @description Only jobs in this status */
                status?: "RUNNING" | "COMPLETED" | "FAILED" | "CANCELED" | "TERMINATED" | "TIMED_OUT";
                /** @description Only jobs of this kind (ingest, role-update, source-sync, webhook, purge-files, …) */
                kind?: string & unknown;
                limit?: number;
                /** @description The previous page's nextCursor */
                cursor?: string & unknown;
            };
            header: {
                /** @description The access token's organization (required with an access token) */
                organizationid: string;
            };
            path: {
                /** @description The workspace */
                workspaceId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of jobs */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Running jobs first, then the most recently closed */
                        jobs: components["schemas"]["JobSummary"][];
                        /** @description The next page (null: this is the last) */
                        nextCursor: string | null;
                    };
                };
            };
            /** @description Bad Request: Request contains a NUL character or an unpaired UTF-16 surrogate; Missing required header: organizationid; status must be one of RUNNING, COMPLETED, FAILED, CANCELED, TERMINATED, TIMED_OUT; kind must be 1 to 64 lowercase letters, digits, hyphens or underscores; Invalid limit value, must be between 1 and 100; cursor must be the nextCursor of a previous page; cursor is invalid */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthorized: Invalid or expired access token */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Forbidden: HTTPS is required; Insufficient permissions; Role not found */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not Found: Workspace not found */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Gone: Workspace is deleted */
            410: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too Many Requests: Rate limit exceeded: at most RATE_LIMIT_REQUESTS requests per RATE_LIMIT_WINDOW_SECONDS s; retry in N s */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal Server Error: Failed to process or retrieve the resource */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Service Unavailable: Service temporarily unavailable; The request took too long; retry later; Background jobs cannot be listed right now; retry later */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getBackgroundJobs: {
        parameters: {
            query?: never;
            header: {
                /** @description The access token's organization (required with an access token) */
                organizationid: string;
            };
            path: {
                /** @description The workspace */
                workspaceId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    jobIds: string[];
                };
            };
        };
        responses: {
            /** @description Each job's state, in the order asked */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        jobs: components["schemas"]["JobState"][];
                    };
                };
            };
            /** @description Bad Request: Request contains a NUL character or an unpaired UTF-16 surrogate; Malformed JSON in request body; Missing required header: organizationid; jobIds must be an array of strings; jobIds must be a non-empty array of strings; jobIds may hold at most 100 ids */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthorized: Invalid or expired access token */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Forbidden: HTTPS is required; Insufficient permissions; Role not found */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not Found: Workspace not found */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Gone: Workspace is deleted */
            410: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Payload Too Large: Request body exceeds the limit of MAX_JSON_BODY_BYTES bytes */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too Many Requests: Rate limit exceeded: at most RATE_LIMIT_REQUESTS requests per RATE_LIMIT_WINDOW_SECONDS s; retry in N s */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal Server Error: Failed to process or retrieve the resource */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Service Unavailable: Service temporarily unavailable; The request took too long; retry later */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listCategories: {
        parameters: {
            query?: never;
            header: {
                /** @description The access token's organization (required with an access token) */
                organizationid: string;
            };
            path: {
                /** @description The workspace */
                workspaceId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The categories (empty ones too) */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        categories: components["schemas"]["Category"][];
                    };
                };
            };
            /** @description Bad Request: Request contains a NUL character or an unpaired UTF-16 surrogate; Missing required header: organizationid */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthorized: Invalid or expired access token */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Forbidden: HTTPS is required; Insufficient permissions; Role not found */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not Found: Workspace not found */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Gone: Workspace is deleted */
            410: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too Many Requests: Rate limit exceeded: at most RATE_LIMIT_REQUESTS requests per RATE_LIMIT_WINDOW_SECONDS s; retry in N s */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal Server Error: Failed to process or retrieve the resource */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Service Unavailable: Service temporarily unavailable; The request took too long; retry later */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listCategoryKnowledge: {
        parameters: {
            query?: never;
            header: {
                /** @description The access token's organization (required with an access token) */
                organizationid: string;
            };
            path: {
                /** @description The workspace */
                workspaceId: string;
                /** @description The category */
                categoryId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The items */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        knowledge: components["schemas"]["CategoryKnowledge"][];
                    };
                };
            };
            /** @description Bad Request: Request contains a NUL character or an unpaired UTF-16 surrogate; Missing required header: organizationid */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthorized: Invalid or expired access token */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Forbidden: HTTPS is required; Insufficient permissions; Role not found */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not Found: Workspace not found; Category not found */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Gone: Workspace is deleted */
            410: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too Many Requests: Rate limit exceeded: at most RATE_LIMIT_REQUESTS requests per RATE_LIMIT_WINDOW_SECONDS s; retry in N s */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal Server Error: Failed to process or retrieve the resource */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Service Unavailable: Service temporarily unavailable; The request took too long; retry later */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listTaxonomies: {
        parameters: {
            query?: {
                roleId?: string;
                languageId?: string;
                includeRoles?: boolean;
                includeLanguages?: boolean;
                includeCategories?: boolean;
            };
            header: {
                /** @description The access token's organization (required with an access token) */
                organizationid: string;
            };
            path: {
                /** @description The workspace */
                workspaceId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The taxonomies */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Taxonomy"][];
                };
            };
            /** @description Bad Request: Request contains a NUL character or an unpaired UTF-16 surrogate; Missing required header: organizationid; roleId must be a valid UUID; includeRoles must be true or false; includeLanguages must be true or false; includeCategories must be true or false */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthorized: Invalid or expired access token */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Forbidden: HTTPS is required; Insufficient permissions; Role not found */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not Found: Workspace not found */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Gone: Workspace is deleted */
            410: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too Many Requests: Rate limit exceeded: at most RATE_LIMIT_REQUESTS requests per RATE_LIMIT_WINDOW_SECONDS s; retry in N s */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal Server Error: Failed to process or retrieve the resource */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Service Unavailable: Service temporarily unavailable; The request took too long; retry later */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    activateUserSpaceWithApiKey: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The workspace */
                workspaceId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The integrator's user id */
                    userId: string & unknown;
                    /** Format: email */
                    email: string & unknown;
                    customerRoleId?: string & unknown;
                };
            };
        };
        responses: {
            /** @description The user space token, the user and the space */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The user space token (JWT) */
                        token: string;
                        user: {
                            id: string;
                            email: string;
                        };
                        space: {
                            /**
                             * Format: uuid
                             * @description The space
                             */
                            id: string;
                            /**
                             * Format: uuid
                             * @description The workspace
                             */
                            workspaceId: string;
                        };
                    };
                };
            };
            /** @description Bad Request: Request contains a NUL character or an unpaired UTF-16 surrogate; Malformed JSON in request body; Missing required field; email must be a valid email address; userId must be at most 255 characters; customerRoleId must be 1 to 255 characters: letters, digits, hyphen or underscore; roleId must be a valid UUID */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthorized: Invalid or missing API key */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Forbidden: HTTPS is required; Insufficient permissions */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not Found: Workspace not found; role with the given customerRoleId not found; Role not found */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Gone: Workspace is deleted */
            410: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Payload Too Large: Request body exceeds the limit of MAX_JSON_BODY_BYTES bytes */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too Many Requests: Rate limit exceeded: at most RATE_LIMIT_REQUESTS requests per RATE_LIMIT_WINDOW_SECONDS s; retry in N s */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal Server Error: Failed to process or retrieve the resource */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Service Unavailable: Service temporarily unavailable; The request took too long; retry later */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    activateUserSpace: {
        parameters: {
            query?: never;
            header: {
                /** @description The access token's organization (required with an access token) */
                organizationid: string;
            };
            path: {
                /** @description The workspace */
                workspaceId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: uuid */
                    workspaceId: string;
                    /** Format: uuid */
                    userId?: string;
                    customerIdString?: string & unknown;
                    /** Format: uuid */
                    roleId?: string;
                    customerRoleId?: string & unknown;
                } & (unknown | unknown);
            };
        };
        responses: {
            /** @description The user space token and the space */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The user space token (JWT) */
                        token: string;
                        /**
                         * Format: uuid
                         * @description The space
                         */
                        spaceId: string;
                        /** @description As supplied */
                        userId: string;
                        /**
                         * Format: uuid
                         * @description The workspace
                         */
                        workspaceId: string;
                        /** @description Whether the space was just created */
                        isNew: boolean;
                    };
                };
            };
            /** @description Bad Request: Request contains a NUL character or an unpaired UTF-16 surrogate; Malformed JSON in request body; Missing required header: organizationid; Missing required field; Missing required field: workspaceId; workspaceId must equal the workspace in the path; Provide exactly one of userId and customerIdString; Provide at most one of roleId and customerRoleId; userId must be a valid UUID; customerRoleId must be 1 to 255 characters: letters, digits, hyphen or underscore; roleId must be a valid UUID */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthorized: Invalid or expired access token */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Forbidden: HTTPS is required; Insufficient permissions; Role not found */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not Found: Workspace not found; role with the given customerRoleId not found; Role not found */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Gone: Workspace is deleted */
            410: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Payload Too Large: Request body exceeds the limit of MAX_JSON_BODY_BYTES bytes */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too Many Requests: Rate limit exceeded: at most RATE_LIMIT_REQUESTS requests per RATE_LIMIT_WINDOW_SECONDS s; retry in N s */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal Server Error: Failed to process or retrieve the resource */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Service Unavailable: Service temporarily unavailable; The request took too long; retry later */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getSpace: {
        parameters: {
            query?: never;
            header?: {
                organizationid?: string;
            };
            path: {
                /** @description The workspace */
                workspaceId: string;
                /** @description The space */
                spaceId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The space */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Space"];
                };
            };
            /** @description Bad Request: Request contains a NUL character or an unpaired UTF-16 surrogate; Missing required header: organizationid; The space is private */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthorized: Invalid or expired access token */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Forbidden: HTTPS is required; Insufficient permissions; Role not found */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not Found: Workspace not found; Space not found */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Gone: Workspace is deleted */
            410: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too Many Requests: Rate limit exceeded: at most RATE_LIMIT_REQUESTS requests per RATE_LIMIT_WINDOW_SECONDS s; retry in N s */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal Server Error: Failed to process or retrieve the resource */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Service Unavailable: Service temporarily unavailable; The request took too long; retry later */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    eraseSpace: {
        parameters: {
            query?: never;
            header: {
                /** @description The access token's organization (required with an access token) */
                organizationid: string;
            };
            path: {
                /** @description The workspace */
                workspaceId: string;
                /** @description The space */
                spaceId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The erasure job */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        success: true;
                        message: string;
                        /** @description The erasure workflow (erase-space:<workspaceId>:<spaceId>) */
                        jobId: string;
                    };
                };
            };
            /** @description Bad Request: Request contains a NUL character or an unpaired UTF-16 surrogate; Malformed JSON in request body; Missing required header: organizationid */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthorized: Invalid or expired access token */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Forbidden: HTTPS is required; Insufficient permissions; Role not found */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not Found: Workspace not found; Space not found */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Gone: Workspace is deleted */
            410: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Payload Too Large: Request body exceeds the limit of MAX_JSON_BODY_BYTES bytes */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too Many Requests: Rate limit exceeded: at most RATE_LIMIT_REQUESTS requests per RATE_LIMIT_WINDOW_SECONDS s; retry in N s */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal Server Error: Failed to process or retrieve the resource */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Service Unavailable: Service temporarily unavailable; The request took too long; retry later */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createGroup: {
        parameters: {
            query?: never;
            header?: {
                organizationid?: string;
            };
            path: {
                /** @description The workspace */
                workspaceId: string;
                /** @description The space */
                spaceId: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": {
                    /** @description Default: General */
                    name?: string & unknown;
                };
            };
        };
        responses: {
            /** @description The group */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * Format: uuid
                         * @description The group
                         */
                        id: string;
                        name: string;
                        /**
                         * Format: date-time
                         * @description ISO 8601 timestamp (UTC)
                         */
                        createdAt: string;
                    };
                };
            };
            /** @description Bad Request: Request contains a NUL character or an unpaired UTF-16 surrogate; Malformed JSON in request body; Missing required header: organizationid; The space is private; name must be a string; name must not be empty; Request body must be a JSON object */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthorized: Invalid or expired access token */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Forbidden: HTTPS is required; Insufficient permissions; Role not found */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not Found: Workspace not found; Space not found */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Gone: Workspace is deleted */
            410: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Payload Too Large: Request body exceeds the limit of MAX_JSON_BODY_BYTES bytes */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too Many Requests: Rate limit exceeded: at most RATE_LIMIT_REQUESTS requests per RATE_LIMIT_WINDOW_SECONDS s; retry in N s */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal Server Error: Failed to process or retrieve the resource */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Service Unavailable: Service temporarily unavailable; The request took too long; retry later */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listMessages: {
        parameters: {
            query?: {
                groupId?: string;
                limit?: number;
                before?: string;
            };
            header?: {
                organizationid?: string;
            };
            path: {
                /** @description The workspace */
                workspaceId: string;
                /** @description The space */
                spaceId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The messages */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        messages: components["schemas"]["SpaceMessage"][];
                    };
                };
            };
            /** @description Bad Request: Request contains a NUL character or an unpaired UTF-16 surrogate; Missing required header: organizationid; The space is private; limit must be between 1 and 200; before must be a message id; before must be the id of a message in the group */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthorized: Invalid or expired access token */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Forbidden: HTTPS is required; Insufficient permissions; Role not found */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not Found: Workspace not found; Space not found; Group not found */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Gone: Workspace is deleted */
            410: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too Many Requests: Rate limit exceeded: at most RATE_LIMIT_REQUESTS requests per RATE_LIMIT_WINDOW_SECONDS s; retry in N s */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal Server Error: Failed to process or retrieve the resource */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Service Unavailable: Service temporarily unavailable; The request took too long; retry later */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postMessage: {
        parameters: {
            query?: never;
            header?: {
                organizationid?: string;
            };
            path: {
                /** @description The workspace */
                workspaceId: string;
                /** @description The space */
                spaceId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    newMessage: string;
                    /** Format: uuid */
                    groupId: string;
                    /** @enum {string} */
                    type: "USER" | "AI";
                    /**
                     * Format: uuid
                     * @description The user message an AI message answers
                     */
                    messageAIId?: string;
                    languageId?: string;
                    rag?: {
                        knowledge?: {
                            metadata: {
                                text: string;
                                source: string;
                            };
                        }[];
                    };
                };
            };
        };
        responses: {
            /** @description The message */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * Format: uuid
                         * @description The message
                         */
                        id: string;
                        /** @enum {string} */
                        type: "USER" | "AI";
                        message: string;
                        /**
                         * Format: date-time
                         * @description ISO 8601 timestamp (UTC)
                         */
                        createdAt: string;
                    };
                };
            };
            /** @description Bad Request: Request contains a NUL character or an unpaired UTF-16 surrogate; Malformed JSON in request body; Missing required header: organizationid; The space is private; Missing required field; groupId must be a valid UUID; type must be USER or AI; messageAIId must be a valid UUID */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthorized: Invalid or expired access token */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Forbidden: HTTPS is required; Insufficient permissions; A user space token is required; Role not found */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not Found: Workspace not found; Space not found; Group not found; Message not found */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Gone: Workspace is deleted */
            410: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Payload Too Large: Request body exceeds the limit of MAX_JSON_BODY_BYTES bytes */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too Many Requests: Rate limit exceeded: at most RATE_LIMIT_REQUESTS requests per RATE_LIMIT_WINDOW_SECONDS s; retry in N s */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal Server Error: Failed to process or retrieve the resource */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Service Unavailable: Service temporarily unavailable; The request took too long; retry later */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    setMessageFeedback: {
        parameters: {
            query?: never;
            header?: {
                organizationid?: string;
            };
            path: {
                /** @description The workspace */
                workspaceId: string;
                /** @description The space */
                spaceId: string;
                /** @description The message */
                messageId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    thumbUp?: boolean;
                    thumbDown?: boolean;
                } | unknown | unknown;
            };
        };
        responses: {
            /** @description The message */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SpaceMessage"];
                };
            };
            /** @description Bad Request: Request contains a NUL character or an unpaired UTF-16 surrogate; Malformed JSON in request body; Missing required header: organizationid; The space is private; Provide thumbUp or thumbDown; thumbUp and thumbDown cannot both be true; thumbUp must be a boolean; thumbDown must be a boolean */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthorized: Invalid or expired access token */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Forbidden: HTTPS is required; Insufficient permissions; A user space token is required; Role not found */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not Found: Workspace not found; Space not found; Message not found */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Gone: Workspace is deleted */
            410: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Payload Too Large: Request body exceeds the limit of MAX_JSON_BODY_BYTES bytes */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too Many Requests: Rate limit exceeded: at most RATE_LIMIT_REQUESTS requests per RATE_LIMIT_WINDOW_SECONDS s; retry in N s */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal Server Error: Failed to process or retrieve the resource */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Service Unavailable: Service temporarily unavailable; The request took too long; retry later */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listSpaceKnowledge: {
        parameters: {
            query?: {
                page?: number;
                limit?: number;
            };
            header?: {
                organizationid?: string;
            };
            path: {
                /** @description The workspace */
                workspaceId: string;
                /** @description The space */
                spaceId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of the space items */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        knowledge: components["schemas"]["Knowledge"][];
                        total: number;
                        page: number;
                        limit: number;
                    };
                };
            };
            /** @description Bad Request: Request contains a NUL character or an unpaired UTF-16 surrogate; Missing required header: organizationid; The space is private */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthorized: Invalid or expired access token */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Forbidden: HTTPS is required; Insufficient permissions; Role not found */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not Found: Workspace not found; Space not found */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Gone: Workspace is deleted */
            410: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too Many Requests: Rate limit exceeded: at most RATE_LIMIT_REQUESTS requests per RATE_LIMIT_WINDOW_SECONDS s; retry in N s */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal Server Error: Failed to process or retrieve the resource */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Service Unavailable: Service temporarily unavailable; The request took too long; retry later */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getSpaceKnowledge: {
        parameters: {
            query?: never;
            header?: {
                organizationid?: string;
            };
            path: {
                /** @description The workspace */
                workspaceId: string;
                /** @description The space */
                spaceId: string;
                /** @description An item of the space's own knowledge */
                knowledgeId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The item */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Knowledge"];
                };
            };
            /** @description Bad Request: Request contains a NUL character or an unpaired UTF-16 surrogate; Missing required header: organizationid; The space is private; Invalid knowledge ID format */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthorized: Invalid or expired access token */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Forbidden: HTTPS is required; Insufficient permissions; Role not found */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not Found: Workspace not found; Space not found; Knowledge item not found */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Gone: Workspace is deleted */
            410: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too Many Requests: Rate limit exceeded: at most RATE_LIMIT_REQUESTS requests per RATE_LIMIT_WINDOW_SECONDS s; retry in N s */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal Server Error: Failed to process or retrieve the resource */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Service Unavailable: Service temporarily unavailable; The request took too long; retry later */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deleteSpaceKnowledge: {
        parameters: {
            query?: never;
            header?: {
                organizationid?: string;
            };
            path: {
                /** @description The workspace */
                workspaceId: string;
                /** @description The space */
                spaceId: string;
                /** @description An item of the space's own knowledge */
                knowledgeId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        success: true;
                    };
                };
            };
            /** @description Bad Request: Request contains a NUL character or an unpaired UTF-16 surrogate; Malformed JSON in request body; Missing required header: organizationid; The space is private; Invalid knowledge ID format; Item has children, remove them first */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthorized: Invalid or expired access token */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Forbidden: HTTPS is required; Insufficient permissions; Role not found */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not Found: Workspace not found; Space not found; Knowledge item not found */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Gone: Workspace is deleted */
            410: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Payload Too Large: Request body exceeds the limit of MAX_JSON_BODY_BYTES bytes */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too Many Requests: Rate limit exceeded: at most RATE_LIMIT_REQUESTS requests per RATE_LIMIT_WINDOW_SECONDS s; retry in N s */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal Server Error: Failed to process or retrieve the resource */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Service Unavailable: Service temporarily unavailable; The request took too long; retry later */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    spaceRag: {
        parameters: {
            query?: never;
            header?: {
                organizationid?: string;
            };
            path: {
                /** @description The workspace */
                workspaceId: string;
                /** @description The space */
                spaceId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    text: string & unknown;
                    languageId?: string;
                    /** @default 5 */
                    topK?: number;
                    /** @description Only items the filter lets through (OpenAI's vector-store shape): a comparison {type: eq|ne|gt|gte|lt|lte|in|nin, key, value} or {type: and|or, filters: [...]}, nested at most 5 levels (a comparison alone is one), with at most 64 comparisons listing at most 500 values in all. Keys: the built-in type, language, mimetype, createdAt, updatedAt, parentId, categoryId (the item's own fields; createdAt and updatedAt compare ISO dates, parentId and categoryId UUIDs) or an attribute key. eq/in match equal values; ne/nin are their negation (an item without the key passes them); gt/gte/lt/lte compare numbers, or ISO dates as instants. A child of a website or archive carries its parent's attributes. 400 names the problem and its place (filter.filters[1].value). */
                    filter?: {
                        /** @enum {unknown} */
                        type: "eq" | "ne";
                        /** @description An attribute key */
                        key: string & unknown;
                        value: string | number | boolean;
                    } | {
                        /** @enum {unknown} */
                        type: "gt" | "gte" | "lt" | "lte";
                        /** @description An attribute key */
                        key: string & unknown;
                        /** @description A number, or an ISO 8601 date or date-time (compared as an instant; UTC without an offset) */
                        value: number | (string & unknown);
                    } | {
                        /** @enum {unknown} */
                        type: "in" | "nin";
                        /** @description An attribute key */
                        key: string & unknown;
                        value: string[] | number[] | boolean[];
                    } | {
                        /** @enum {unknown} */
                        type: "eq" | "ne";
                        /** @enum {string} */
                        key: "type" | "language" | "mimetype";
                        value: string;
                    } | {
                        /** @enum {unknown} */
                        type: "in" | "nin";
                        /** @enum {string} */
                        key: "type" | "language" | "mimetype";
                        value: string[];
                    } | {
                        /** @enum {unknown} */
                        type: "eq" | "ne" | "gt" | "gte" | "lt" | "lte";
                        /** @enum {string} */
                        key: "createdAt" | "updatedAt";
                        value: string & unknown;
                    } | {
                        /** @enum {unknown} */
                        type: "in" | "nin";
                        /** @enum {string} */
                        key: "createdAt" | "updatedAt";
                        value: (string & unknown)[];
                    } | {
                        /** @enum {unknown} */
                        type: "eq" | "ne";
                        /** @enum {string} */
                        key: "parentId" | "categoryId";
                        value: string & unknown;
                    } | {
                        /** @enum {unknown} */
                        type: "in" | "nin";
                        /** @enum {string} */
                        key: "parentId" | "categoryId";
                        value: (string & unknown)[];
                    } | {
                        /** @enum {unknown} */
                        type: "and" | "or";
                        filters: ({
                            /** @enum {unknown} */
                            type: "eq" | "ne";
                            /** @description An attribute key */
                            key: string & unknown;
                            value: string | number | boolean;
                        } | {
                            /** @enum {unknown} */
                            type: "gt" | "gte" | "lt" | "lte";
                            /** @description An attribute key */
                            key: string & unknown;
                            /** @description A number, or an ISO 8601 date or date-time (compared as an instant; UTC without an offset) */
                            value: number | (string & unknown);
                        } | {
                            /** @enum {unknown} */
                            type: "in" | "nin";
                            /** @description An attribute key */
                            key: string & unknown;
                            value: string[] | number[] | boolean[];
                        } | {
                            /** @enum {unknown} */
                            type: "eq" | "ne";
                            /** @enum {string} */
                            key: "type" | "language" | "mimetype";
                            value: string;
                        } | {
                            /** @enum {unknown} */
                            type: "in" | "nin";
                            /** @enum {string} */
                            key: "type" | "language" | "mimetype";
                            value: string[];
                        } | {
                            /** @enum {unknown} */
                            type: "eq" | "ne" | "gt" | "gte" | "lt" | "lte";
                            /** @enum {string} */
                            key: "createdAt" | "updatedAt";
                            value: string & unknown;
                        } | {
                            /** @enum {unknown} */
                            type: "in" | "nin";
                            /** @enum {string} */
                            key: "createdAt" | "updatedAt";
                            value: (string & unknown)[];
                        } | {
                            /** @enum {unknown} */
                            type: "eq" | "ne";
                            /** @enum {string} */
                            key: "parentId" | "categoryId";
                            value: string & unknown;
                        } | {
                            /** @enum {unknown} */
                            type: "in" | "nin";
                            /** @enum {string} */
                            key: "parentId" | "categoryId";
                            value: (string & unknown)[];
                        } | {
                            /** @enum {unknown} */
                            type: "and" | "or";
                            filters: ({
                                /** @enum {unknown} */
                                type: "eq" | "ne";
                                /** @description An attribute key */
                                key: string & unknown;
                                value: string | number | boolean;
                            } | {
                                /** @enum {unknown} */
                                type: "gt" | "gte" | "lt" | "lte";
                                /** @description An attribute key */
                                key: string & unknown;
                                /** @description A number, or an ISO 8601 date or date-time (compared as an instant; UTC without an offset) */
                                value: number | (string & unknown);
                            } | {
                                /** @enum {unknown} */
                                type: "in" | "nin";
                                /** @description An attribute key */
                                key: string & unknown;
                                value: string[] | number[] | boolean[];
                            } | {
                                /** @enum {unknown} */
                                type: "eq" | "ne";
                                /** @enum {string} */
                                key: "type" | "language" | "mimetype";
                                value: string;
                            } | {
                                /** @enum {unknown} */
                                type: "in" | "nin";
                                /** @enum {string} */
                                key: "type" | "language" | "mimetype";
                                value: string[];
                            } | {
                                /** @enum {unknown} */
                                type: "eq" | "ne" | "gt" | "gte" | "lt" | "lte";
                                /** @enum {string} */
                                key: "createdAt" | "updatedAt";
                                value: string & unknown;
                            } | {
                                /** @enum {unknown} */
                                type: "in" | "nin";
                                /** @enum {string} */
                                key: "createdAt" | "updatedAt";
                                value: (string & unknown)[];
                            } | {
                                /** @enum {unknown} */
                                type: "eq" | "ne";
                                /** @enum {string} */
                                key: "parentId" | "categoryId";
                                value: string & unknown;
                            } | {
                                /** @enum {unknown} */
                                type: "in" | "nin";
                                /** @enum {string} */
                                key: "parentId" | "categoryId";
                                value: (string & unknown)[];
                            } | {
                                /** @enum {unknown} */
                                type: "and" | "or";
                                filters: ({
                                    /** @enum {unknown} */
                                    type: "eq" | "ne";
                                    /** @description An attribute key */
                                    key: string & unknown;
                                    value: string | number | boolean;
                                } | {
                                    /** @enum {unknown} */
                                    type: "gt" | "gte" | "lt" | "lte";
                                    /** @description An attribute key */
                                    key: string & unknown;
                                    /** @description A number, or an ISO 8601 date or date-time (compared as an instant; UTC without an offset) */
                                    value: number | (string & unknown);
                                } | {
                                    /** @enum {unknown} */
                                    type: "in" | "nin";
                                    /** @description An attribute key */
                                    key: string & unknown;
                                    value: string[] | number[] | boolean[];
                                } | {
                                    /** @enum {unknown} */
                                    type: "eq" | "ne";
                                    /** @enum {string} */
                                    key: "type" | "language" | "mimetype";
                                    value: string;
                                } | {
                                    /** @enum {unknown} */
                                    type: "in" | "nin";
                                    /** @enum {string} */
                                    key: "type" | "language" | "mimetype";
                                    value: string[];
                                } | {
                                    /** @enum {unknown} */
                                    type: "eq" | "ne" | "gt" | "gte" | "lt" | "lte";
                                    /** @enum {string} */
                                    key: "createdAt" | "updatedAt";
                                    value: string & unknown;
                                } | {
                                    /** @enum {unknown} */
                                    type: "in" | "nin";
                                    /** @enum {string} */
                                    key: "createdAt" | "updatedAt";
                                    value: (string & unknown)[];
                                } | {
                                    /** @enum {unknown} */
                                    type: "eq" | "ne";
                                    /** @enum {string} */
                                    key: "parentId" | "categoryId";
                                    value: string & unknown;
                                } | {
                                    /** @enum {unknown} */
                                    type: "in" | "nin";
                                    /** @enum {string} */
                                    key: "parentId" | "categoryId";
                                    value: (string & unknown)[];
                                } | {
                                    /** @enum {unknown} */
                                    type: "and" | "or";
                                    filters: ({
                                        /** @enum {unknown} */
                                        type: "eq" | "ne";
                                        /** @description An attribute key */
                                        key: string & unknown;
                                        value: string | number | boolean;
                                    } | {
                                        /** @enum {unknown} */
                                        type: "gt" | "gte" | "lt" | "lte";
                                        /** @description An attribute key */
                                        key: string & unknown;
                                        /** @description A number, or an ISO 8601 date or date-time (compared as an instant; UTC without an offset) */
                                        value: number | (string & unknown);
                                    } | {
                                        /** @enum {unknown} */
                                        type: "in" | "nin";
                                        /** @description An attribute key */
                                        key: string & unknown;
                                        value: string[] | number[] | boolean[];
                                    } | {
                                        /** @enum {unknown} */
                                        type: "eq" | "ne";
                                        /** @enum {string} */
                                        key: "type" | "language" | "mimetype";
                                        value: string;
                                    } | {
                                        /** @enum {unknown} */
                                        type: "in" | "nin";
                                        /** @enum {string} */
                                        key: "type" | "language" | "mimetype";
                                        value: string[];
                                    } | {
                                        /** @enum {unknown} */
                                        type: "eq" | "ne" | "gt" | "gte" | "lt" | "lte";
                                        /** @enum {string} */
                                        key: "createdAt" | "updatedAt";
                                        value: string & unknown;
                                    } | {
                                        /** @enum {unknown} */
                                        type: "in" | "nin";
                                        /** @enum {string} */
                                        key: "createdAt" | "updatedAt";
                                        value: (string & unknown)[];
                                    } | {
                                        /** @enum {unknown} */
                                        type: "eq" | "ne";
                                        /** @enum {string} */
                                        key: "parentId" | "categoryId";
                                        value: string & unknown;
                                    } | {
                                        /** @enum {unknown} */
                                        type: "in" | "nin";
                                        /** @enum {string} */
                                        key: "parentId" | "categoryId";
                                        value: (string & unknown)[];
                                    })[];
                                })[];
                            })[];
                        })[];
                    };
                    /** @description Drop results whose final score is below this (after reranking when it ran: the reranker's score). Default 0. */
                    scoreThreshold?: number;
                    /** @description hybrid mode: the vector side's weight in the convex fusion (the keyword side's is 1 - hybridWeight). Default 0.8. The other modes fuse nothing and ignore it. */
                    hybridWeight?: number;
                    /** @description Rerank the best rerankCandidates results with the configured reranker. Default: the workspace's setting (GET /v1/workspaces/{workspaceId}/retrieval-settings). When the reranker fails or none is configured, the results come back un-reranked and the X-Rerank header says so. */
                    rerank?: boolean;
                    /** @description With rerank: how many results of the mode the reranker rescores (default 20); raised to limit when smaller. Without rerank it has no effect. */
                    rerankCandidates?: number;
                };
            };
        };
        responses: {
            /** @description The passages */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    /** @description Only when reranking was asked: applied; skipped (the reranker failed or timed out: the results are un-reranked); unconfigured (no reranker: un-reranked) */
                    "X-Rerank"?: "applied" | "skipped" | "unconfigured";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        knowledgeResults: components["schemas"]["Passage"][];
                        spaceKnowledgeResults: components["schemas"]["Passage"][];
                    };
                };
            };
            /** @description Bad Request: Request contains a NUL character or an unpaired UTF-16 surrogate; Malformed JSON in request body; Missing required header: organizationid; Role not found; The space is private; Missing required field; Invalid topK value, must be between 1 and 10; scoreThreshold must be a number between 0 and 1; hybridWeight must be a number between 0 and 1; rerank must be a boolean; rerankCandidates must be an integer between 1 and 100 */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthorized: Invalid or expired access token */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Forbidden: HTTPS is required; Insufficient permissions */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not Found: Workspace ID does not match; Workspace not found; Space not found */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Gone: Workspace is deleted */
            410: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Payload Too Large: Request body exceeds the limit of MAX_JSON_BODY_BYTES bytes */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too Many Requests: Rate limit exceeded: at most RATE_LIMIT_REQUESTS requests per RATE_LIMIT_WINDOW_SECONDS s; retry in N s */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal Server Error: Failed to process or retrieve the resource */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Service Unavailable: Service temporarily unavailable; The request took too long; retry later */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listAgentThreads: {
        parameters: {
            query?: {
                page?: number;
                limit?: number;
            };
            header: {
                /** @description The access token's organization (required with an access token) */
                organizationid: string;
            };
            path: {
                /** @description The workspace */
                workspaceId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of threads */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        threads: {
                            id: string;
                            title: string;
                            roleId: string | null;
                            agentServerId: string | null;
                            createdAt: string;
                            updatedAt: string;
                        }[];
                        total: number;
                        page: number;
                        limit: number;
                    };
                };
            };
            /** @description Bad Request: Request contains a NUL character or an unpaired UTF-16 surrogate; Missing required header: organizationid; Invalid page value, must be between 1 and 1000000; Invalid limit value, must be between 1 and … */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthorized: Invalid or expired access token */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Forbidden: HTTPS is required; Insufficient permissions; A role-bound token is required when RBAC is active; Role not found */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not Found: Workspace not found */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Gone: Workspace is deleted */
            410: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too Many Requests: Rate limit exceeded: at most RATE_LIMIT_REQUESTS requests per RATE_LIMIT_WINDOW_SECONDS s; retry in N s */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal Server Error: Failed to process or retrieve the resource */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Service Unavailable: Service temporarily unavailable; The request took too long; retry later */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createAgentThread: {
        parameters: {
            query?: never;
            header: {
                /** @description The access token's organization (required with an access token) */
                organizationid: string;
            };
            path: {
                /** @description The workspace */
                workspaceId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    title: string & unknown;
                    /** Format: uuid */
                    agentServerId?: string;
                };
            };
        };
        responses: {
            /** @description The thread */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        title: string;
                        roleId: string | null;
                        agentServerId: string | null;
                        createdAt: string;
                        updatedAt: string;
                    };
                };
            };
            /** @description Bad Request: Request contains a NUL character or an unpaired UTF-16 surrogate; Malformed JSON in request body; Missing required header: organizationid; Missing required field: <field>; <field> must be … */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthorized: Invalid or expired access token */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Forbidden: HTTPS is required; Insufficient permissions; A role-bound token is required when RBAC is active; Role not found */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not Found: Workspace not found; Agent server not found */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Gone: Workspace is deleted */
            410: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Payload Too Large: Request body exceeds the limit of MAX_JSON_BODY_BYTES bytes */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too Many Requests: Rate limit exceeded: at most RATE_LIMIT_REQUESTS requests per RATE_LIMIT_WINDOW_SECONDS s; retry in N s */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal Server Error: Failed to process or retrieve the resource */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Service Unavailable: Service temporarily unavailable; The request took too long; retry later */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getAgentThread: {
        parameters: {
            query?: never;
            header: {
                /** @description The access token's organization (required with an access token) */
                organizationid: string;
            };
            path: {
                /** @description The workspace */
                workspaceId: string;
                /** @description The thread */
                threadId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The thread and its messages */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        title: string;
                        roleId: string | null;
                        agentServerId: string | null;
                        createdAt: string;
                        updatedAt: string;
                        messages: {
                            id: string;
                            threadId: string;
                            /** @enum {string} */
                            role: "user" | "assistant" | "system" | "tool";
                            content: string | null;
                            sources: {
                                id: string;
                                type: string;
                                title?: string;
                                snippet?: string;
                            }[];
                            model: string | null;
                            finishReason: string | null;
                            tokenUsage: {
                                inputTokens: number;
                                outputTokens: number;
                                totalTokens: number;
                            } | null;
                            thinking: {
                                content: string;
                                title?: string;
                                /** Format: date-time */
                                startedAt?: string;
                                /** Format: date-time */
                                finishedAt?: string;
                            }[];
                            toolCalls: {
                                id: string;
                                name: string;
                                arguments: {
                                    [key: string]: unknown;
                                };
                                /** @description Any JSON value */
                                result?: unknown;
                                /** Format: date-time */
                                startedAt?: string;
                                /** Format: date-time */
                                finishedAt?: string;
                            }[];
                            toolCallId: string | null;
                            createdAt: string;
                        }[];
                    };
                };
            };
            /** @description Bad Request: Request contains a NUL character or an unpaired UTF-16 surrogate; Missing required header: organizationid; Invalid thread ID format */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthorized: Invalid or expired access token */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Forbidden: HTTPS is required; Insufficient permissions; A role-bound token is required when RBAC is active; Role not found */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not Found: Workspace not found; Thread not found */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Gone: Workspace is deleted */
            410: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too Many Requests: Rate limit exceeded: at most RATE_LIMIT_REQUESTS requests per RATE_LIMIT_WINDOW_SECONDS s; retry in N s */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal Server Error: Failed to process or retrieve the resource */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Service Unavailable: Service temporarily unavailable; The request took too long; retry later */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postAgentMessage: {
        parameters: {
            query?: never;
            header: {
                /** @description The access token's organization (required with an access token) */
                organizationid: string;
            };
            path: {
                /** @description The workspace */
                workspaceId: string;
                /** @description The thread */
                threadId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: uuid */
                    id: string;
                    /** @enum {string} */
                    role: "user" | "assistant" | "system" | "tool";
                    content?: string;
                    sources?: {
                        id: string;
                        type: string;
                        title?: string;
                        snippet?: string;
                    }[];
                    model?: string;
                    finishReason?: string;
                    tokenUsage?: {
                        inputTokens: number;
                        outputTokens: number;
                        totalTokens: number;
                    };
                    thinking?: {
                        content: string;
                        title?: string;
                        /** Format: date-time */
                        startedAt?: string;
                        /** Format: date-time */
                        finishedAt?: string;
                    }[];
                    toolCalls?: {
                        id: string;
                        name: string & unknown;
                        arguments: {
                            [key: string]: components["schemas"]["CleanJsonValue"];
                        };
                        /** @description Any JSON value */
                        result?: components["schemas"]["CleanJsonValue"];
                        /** Format: date-time */
                        startedAt?: string;
                        /** Format: date-time */
                        finishedAt?: string;
                    }[];
                    toolCallId?: string;
                } & (unknown & unknown);
            };
        };
        responses: {
            /** @description The message was already stored (same id and body) */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        threadId: string;
                        /** @enum {string} */
                        role: "user" | "assistant" | "system" | "tool";
                        content: string | null;
                        sources: {
                            id: string;
                            type: string;
                            title?: string;
                            snippet?: string;
                        }[];
                        model: string | null;
                        finishReason: string | null;
                        tokenUsage: {
                            inputTokens: number;
                            outputTokens: number;
                            totalTokens: number;
                        } | null;
                        thinking: {
                            content: string;
                            title?: string;
                            /** Format: date-time */
                            startedAt?: string;
                            /** Format: date-time */
                            finishedAt?: string;
                        }[];
                        toolCalls: {
                            id: string;
                            name: string;
                            arguments: {
                                [key: string]: unknown;
                            };
                            /** @description Any JSON value */
                            result?: unknown;
                            /** Format: date-time */
                            startedAt?: string;
                            /** Format: date-time */
                            finishedAt?: string;
                        }[];
                        toolCallId: string | null;
                        createdAt: string;
                    };
                };
            };
            /** @description The message */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        threadId: string;
                        /** @enum {string} */
                        role: "user" | "assistant" | "system" | "tool";
                        content: string | null;
                        sources: {
                            id: string;
                            type: string;
                            title?: string;
                            snippet?: string;
                        }[];
                        model: string | null;
                        finishReason: string | null;
                        tokenUsage: {
                            inputTokens: number;
                            outputTokens: number;
                            totalTokens: number;
                        } | null;
                        thinking: {
                            content: string;
                            title?: string;
                            /** Format: date-time */
                            startedAt?: string;
                            /** Format: date-time */
                            finishedAt?: string;
                        }[];
                        toolCalls: {
                            id: string;
                            name: string;
                            arguments: {
                                [key: string]: unknown;
                            };
                            /** @description Any JSON value */
                            result?: unknown;
                            /** Format: date-time */
                            startedAt?: string;
                            /** Format: date-time */
                            finishedAt?: string;
                        }[];
                        toolCallId: string | null;
                        createdAt: string;
                    };
                };
            };
            /** @description Bad Request: Request contains a NUL character or an unpaired UTF-16 surrogate; Malformed JSON in request body; Missing required header: organizationid; Invalid thread ID format; Missing required field: <field>; <field> must be … */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthorized: Invalid or expired access token */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Forbidden: HTTPS is required; Insufficient permissions; A role-bound token is required when RBAC is active; Role not found */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not Found: Workspace not found; Thread not found */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict: A message with this id already exists in the thread with a different body; The thread holds its maximum of … messages; The thread holds its maximum of … bytes of messages */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Gone: Workspace is deleted */
            410: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Payload Too Large: Request body exceeds the limit of MAX_JSON_BODY_BYTES bytes */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too Many Requests: Rate limit exceeded: at most RATE_LIMIT_REQUESTS requests per RATE_LIMIT_WINDOW_SECONDS s; retry in N s */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal Server Error: Failed to process or retrieve the resource */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Service Unavailable: Service temporarily unavailable; The request took too long; retry later */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    runAgentThread: {
        parameters: {
            query?: never;
            header: {
                /** @description The access token's organization (required with an access token) */
                organizationid: string;
            };
            path: {
                /** @description The workspace */
                workspaceId: string;
                /** @description The thread */
                threadId: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": {
                    message?: {
                        /** Format: uuid */
                        id: string;
                        content: string;
                    };
                    model?: string & unknown;
                };
            };
        };
        responses: {
            /** @description The event stream */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "text/event-stream": string;
                };
            };
            /** @description Bad Request: Request contains a NUL character or an unpaired UTF-16 surrogate; Malformed JSON in request body; Missing required header: organizationid; Invalid thread ID format; Missing required field: <field>; <field> must be …; model is required: set it on the agent server or in the run request */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthorized: Invalid or expired access token */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Forbidden: HTTPS is required; Insufficient permissions; A role-bound token is required when RBAC is active; Role not found */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not Found: Workspace not found; Thread not found; Agent server not found */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict: The thread is not bound to an agent server; A run is already in progress on this thread; The agent server's auth token cannot be read (sealed under another key, or for another URL): set it again with PATCH /v1/workspaces/{workspaceId}/agent/servers/{id} */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Gone: Workspace is deleted */
            410: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Payload Too Large: Request body exceeds the limit of MAX_JSON_BODY_BYTES bytes */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too Many Requests: Rate limit exceeded: at most RATE_LIMIT_REQUESTS requests per RATE_LIMIT_WINDOW_SECONDS s; retry in N s */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal Server Error: Failed to process or retrieve the resource */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Service Unavailable: Service temporarily unavailable; The request took too long; retry later */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    agentRag: {
        parameters: {
            query?: never;
            header: {
                /** @description The access token's organization (required with an access token) */
                organizationid: string;
            };
            path: {
                /** @description The workspace */
                workspaceId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    text: string & unknown;
                    /** @default 5 */
                    topK?: number;
                    languageId?: string & unknown;
                    /** @description Only items the filter lets through (OpenAI's vector-store shape): a comparison {type: eq|ne|gt|gte|lt|lte|in|nin, key, value} or {type: and|or, filters: [...]}, nested at most 5 levels (a comparison alone is one), with at most 64 comparisons listing at most 500 values in all. Keys: the built-in type, language, mimetype, createdAt, updatedAt, parentId, categoryId (the item's own fields; createdAt and updatedAt compare ISO dates, parentId and categoryId UUIDs) or an attribute key. eq/in match equal values; ne/nin are their negation (an item without the key passes them); gt/gte/lt/lte compare numbers, or ISO dates as instants. A child of a website or archive carries its parent's attributes. 400 names the problem and its place (filter.filters[1].value). */
                    filter?: {
                        /** @enum {unknown} */
                        type: "eq" | "ne";
                        /** @description An attribute key */
                        key: string & unknown;
                        value: string | number | boolean;
                    } | {
                        /** @enum {unknown} */
                        type: "gt" | "gte" | "lt" | "lte";
                        /** @description An attribute key */
                        key: string & unknown;
                        /** @description A number, or an ISO 8601 date or date-time (compared as an instant; UTC without an offset) */
                        value: number | (string & unknown);
                    } | {
                        /** @enum {unknown} */
                        type: "in" | "nin";
                        /** @description An attribute key */
                        key: string & unknown;
                        value: string[] | number[] | boolean[];
                    } | {
                        /** @enum {unknown} */
                        type: "eq" | "ne";
                        /** @enum {string} */
                        key: "type" | "language" | "mimetype";
                        value: string;
                    } | {
                        /** @enum {unknown} */
                        type: "in" | "nin";
                        /** @enum {string} */
                        key: "type" | "language" | "mimetype";
                        value: string[];
                    } | {
                        /** @enum {unknown} */
                        type: "eq" | "ne" | "gt" | "gte" | "lt" | "lte";
                        /** @enum {string} */
                        key: "createdAt" | "updatedAt";
                        value: string & unknown;
                    } | {
                        /** @enum {unknown} */
                        type: "in" | "nin";
                        /** @enum {string} */
                        key: "createdAt" | "updatedAt";
                        value: (string & unknown)[];
                    } | {
                        /** @enum {unknown} */
                        type: "eq" | "ne";
                        /** @enum {string} */
                        key: "parentId" | "categoryId";
                        value: string & unknown;
                    } | {
                        /** @enum {unknown} */
                        type: "in" | "nin";
                        /** @enum {string} */
                        key: "parentId" | "categoryId";
                        value: (string & unknown)[];
                    } | {
                        /** @enum {unknown} */
                        type: "and" | "or";
                        filters: ({
                            /** @enum {unknown} */
                            type: "eq" | "ne";
                            /** @description An attribute key */
                            key: string & unknown;
                            value: string | number | boolean;
                        } | {
                            /** @enum {unknown} */
                            type: "gt" | "gte" | "lt" | "lte";
                            /** @description An attribute key */
                            key: string & unknown;
                            /** @description A number, or an ISO 8601 date or date-time (compared as an instant; UTC without an offset) */
                            value: number | (string & unknown);
                        } | {
                            /** @enum {unknown} */
                            type: "in" | "nin";
                            /** @description An attribute key */
                            key: string & unknown;
                            value: string[] | number[] | boolean[];
                        } | {
                            /** @enum {unknown} */
                            type: "eq" | "ne";
                            /** @enum {string} */
                            key: "type" | "language" | "mimetype";
                            value: string;
                        } | {
                            /** @enum {unknown} */
                            type: "in" | "nin";
                            /** @enum {string} */
                            key: "type" | "language" | "mimetype";
                            value: string[];
                        } | {
                            /** @enum {unknown} */
                            type: "eq" | "ne" | "gt" | "gte" | "lt" | "lte";
                            /** @enum {string} */
                            key: "createdAt" | "updatedAt";
                            value: string & unknown;
                        } | {
                            /** @enum {unknown} */
                            type: "in" | "nin";
                            /** @enum {string} */
                            key: "createdAt" | "updatedAt";
                            value: (string & unknown)[];
                        } | {
                            /** @enum {unknown} */
                            type: "eq" | "ne";
                            /** @enum {string} */
                            key: "parentId" | "categoryId";
                            value: string & unknown;
                        } | {
                            /** @enum {unknown} */
                            type: "in" | "nin";
                            /** @enum {string} */
                            key: "parentId" | "categoryId";
                            value: (string & unknown)[];
                        } | {
                            /** @enum {unknown} */
                            type: "and" | "or";
                            filters: ({
                                /** @enum {unknown} */
                                type: "eq" | "ne";
                                /** @description An attribute key */
                                key: string & unknown;
                                value: string | number | boolean;
                            } | {
                                /** @enum {unknown} */
                                type: "gt" | "gte" | "lt" | "lte";
                                /** @description An attribute key */
                                key: string & unknown;
                                /** @description A number, or an ISO 8601 date or date-time (compared as an instant; UTC without an offset) */
                                value: number | (string & unknown);
                            } | {
                                /** @enum {unknown} */
                                type: "in" | "nin";
                                /** @description An attribute key */
                                key: string & unknown;
                                value: string[] | number[] | boolean[];
                            } | {
                                /** @enum {unknown} */
                                type: "eq" | "ne";
                                /** @enum {string} */
                                key: "type" | "language" | "mimetype";
                                value: string;
                            } | {
                                /** @enum {unknown} */
                                type: "in" | "nin";
                                /** @enum {string} */
                                key: "type" | "language" | "mimetype";
                                value: string[];
                            } | {
                                /** @enum {unknown} */
                                type: "eq" | "ne" | "gt" | "gte" | "lt" | "lte";
                                /** @enum {string} */
                                key: "createdAt" | "updatedAt";
                                value: string & unknown;
                            } | {
                                /** @enum {unknown} */
                                type: "in" | "nin";
                                /** @enum {string} */
                                key: "createdAt" | "updatedAt";
                                value: (string & unknown)[];
                            } | {
                                /** @enum {unknown} */
                                type: "eq" | "ne";
                                /** @enum {string} */
                                key: "parentId" | "categoryId";
                                value: string & unknown;
                            } | {
                                /** @enum {unknown} */
                                type: "in" | "nin";
                                /** @enum {string} */
                                key: "parentId" | "categoryId";
                                value: (string & unknown)[];
                            } | {
                                /** @enum {unknown} */
                                type: "and" | "or";
                                filters: ({
                                    /** @enum {unknown} */
                                    type: "eq" | "ne";
                                    /** @description An attribute key */
                                    key: string & unknown;
                                    value: string | number | boolean;
                                } | {
                                    /** @enum {unknown} */
                                    type: "gt" | "gte" | "lt" | "lte";
                                    /** @description An attribute key */
                                    key: string & unknown;
                                    /** @description A number, or an ISO 8601 date or date-time (compared as an instant; UTC without an offset) */
                                    value: number | (string & unknown);
                                } | {
                                    /** @enum {unknown} */
                                    type: "in" | "nin";
                                    /** @description An attribute key */
                                    key: string & unknown;
                                    value: string[] | number[] | boolean[];
                                } | {
                                    /** @enum {unknown} */
                                    type: "eq" | "ne";
                                    /** @enum {string} */
                                    key: "type" | "language" | "mimetype";
                                    value: string;
                                } | {
                                    /** @enum {unknown} */
                                    type: "in" | "nin";
                                    /** @enum {string} */
                                    key: "type" | "language" | "mimetype";
                                    value: string[];
                                } | {
                                    /** @enum {unknown} */
                                    type: "eq" | "ne" | "gt" | "gte" | "lt" | "lte";
                                    /** @enum {string} */
                                    key: "createdAt" | "updatedAt";
                                    value: string & unknown;
                                } | {
                                    /** @enum {unknown} */
                                    type: "in" | "nin";
                                    /** @enum {string} */
                                    key: "createdAt" | "updatedAt";
                                    value: (string & unknown)[];
                                } | {
                                    /** @enum {unknown} */
                                    type: "eq" | "ne";
                                    /** @enum {string} */
                                    key: "parentId" | "categoryId";
                                    value: string & unknown;
                                } | {
                                    /** @enum {unknown} */
                                    type: "in" | "nin";
                                    /** @enum {string} */
                                    key: "parentId" | "categoryId";
                                    value: (string & unknown)[];
                                } | {
                                    /** @enum {unknown} */
                                    type: "and" | "or";
                                    filters: ({
                                        /** @enum {unknown} */
                                        type: "eq" | "ne";
                                        /** @description An attribute key */
                                        key: string & unknown;
                                        value: string | number | boolean;
                                    } | {
                                        /** @enum {unknown} */
                                        type: "gt" | "gte" | "lt" | "lte";
                                        /** @description An attribute key */
                                        key: string & unknown;
                                        /** @description A number, or an ISO 8601 date or date-time (compared as an instant; UTC without an offset) */
                                        value: number | (string & unknown);
                                    } | {
                                        /** @enum {unknown} */
                                        type: "in" | "nin";
                                        /** @description An attribute key */
                                        key: string & unknown;
                                        value: string[] | number[] | boolean[];
                                    } | {
                                        /** @enum {unknown} */
                                        type: "eq" | "ne";
                                        /** @enum {string} */
                                        key: "type" | "language" | "mimetype";
                                        value: string;
                                    } | {
                                        /** @enum {unknown} */
                                        type: "in" | "nin";
                                        /** @enum {string} */
                                        key: "type" | "language" | "mimetype";
                                        value: string[];
                                    } | {
                                        /** @enum {unknown} */
                                        type: "eq" | "ne" | "gt" | "gte" | "lt" | "lte";
                                        /** @enum {string} */
                                        key: "createdAt" | "updatedAt";
                                        value: string & unknown;
                                    } | {
                                        /** @enum {unknown} */
                                        type: "in" | "nin";
                                        /** @enum {string} */
                                        key: "createdAt" | "updatedAt";
                                        value: (string & unknown)[];
                                    } | {
                                        /** @enum {unknown} */
                                        type: "eq" | "ne";
                                        /** @enum {string} */
                                        key: "parentId" | "categoryId";
                                        value: string & unknown;
                                    } | {
                                        /** @enum {unknown} */
                                        type: "in" | "nin";
                                        /** @enum {string} */
                                        key: "parentId" | "categoryId";
                                        value: (string & unknown)[];
                                    })[];
                                })[];
                            })[];
                        })[];
                    };
                    /** @description Drop results whose final score is below this (after reranking when it ran: the reranker's score). Default 0. */
                    scoreThreshold?: number;
                    /** @description hybrid mode: the vector side's weight in the convex fusion (the keyword side's is 1 - hybridWeight). Default 0.8. The other modes fuse nothing and ignore it. */
                    hybridWeight?: number;
                    /** @description Rerank the best rerankCandidates results with the configured reranker. Default: the workspace's setting (GET /v1/workspaces/{workspaceId}/retrieval-settings). When the reranker fails or none is configured, the results come back un-reranked and the X-Rerank header says so. */
                    rerank?: boolean;
                    /** @description With rerank: how many results of the mode the reranker rescores (default 20); raised to limit when smaller. Without rerank it has no effect. */
                    rerankCandidates?: number;
                };
            };
        };
        responses: {
            /** @description The passages, most relevant first */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    /** @description Only when reranking was asked: applied; skipped (the reranker failed or timed out: the results are un-reranked); unconfigured (no reranker: un-reranked) */
                    "X-Rerank"?: "applied" | "skipped" | "unconfigured";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        knowledgeResults: {
                            text: string;
                            source: string;
                            score: number;
                        }[];
                    };
                };
            };
            /** @description Bad Request: Request contains a NUL character or an unpaired UTF-16 surrogate; Malformed JSON in request body; Missing required header: organizationid; Missing required field: <field>; <field> must be …; Invalid topK value, must be between 1 and 10; scoreThreshold must be a number between 0 and 1; hybridWeight must be a number between 0 and 1; rerank must be a boolean; rerankCandidates must be an integer between 1 and 100 */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthorized: Invalid or expired access token */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Forbidden: HTTPS is required; Insufficient permissions; A role-bound token is required when RBAC is active; Role not found */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not Found: Workspace not found */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Gone: Workspace is deleted */
            410: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Payload Too Large: Request body exceeds the limit of MAX_JSON_BODY_BYTES bytes */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too Many Requests: Rate limit exceeded: at most RATE_LIMIT_REQUESTS requests per RATE_LIMIT_WINDOW_SECONDS s; retry in N s */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal Server Error: Failed to process or retrieve the resource */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Service Unavailable: Service temporarily unavailable; The request took too long; retry later */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listAgentTools: {
        parameters: {
            query?: never;
            header: {
                /** @description The access token's organization (required with an access token) */
                organizationid: string;
            };
            path: {
                /** @description The workspace */
                workspaceId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The tools */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        tools: {
                            name: string;
                            description: string;
                            inputSchema: {
                                [key: string]: unknown;
                            };
                        }[];
                    };
                };
            };
            /** @description Bad Request: Request contains a NUL character or an unpaired UTF-16 surrogate; Missing required header: organizationid */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthorized: Invalid or expired access token */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Forbidden: HTTPS is required; Insufficient permissions; A role-bound token is required when RBAC is active; Role not found */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not Found: Workspace not found */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Gone: Workspace is deleted */
            410: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too Many Requests: Rate limit exceeded: at most RATE_LIMIT_REQUESTS requests per RATE_LIMIT_WINDOW_SECONDS s; retry in N s */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal Server Error: Failed to process or retrieve the resource */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Service Unavailable: Service temporarily unavailable; The request took too long; retry later */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    executeAgentTool: {
        parameters: {
            query?: never;
            header: {
                /** @description The access token's organization (required with an access token) */
                organizationid: string;
            };
            path: {
                /** @description The workspace */
                workspaceId: string;
                /** @description The tool (GET …/agent/tools lists them) */
                name: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    input: {
                        [key: string]: components["schemas"]["CleanJsonValue"];
                    };
                };
            };
        };
        responses: {
            /** @description The tool's output */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        output: unknown;
                    };
                };
            };
            /** @description Bad Request: Request contains a NUL character or an unpaired UTF-16 surrogate; Malformed JSON in request body; Missing required header: organizationid; Missing required field: <field>; <field> must be …; The tool's input is invalid: … */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthorized: Invalid or expired access token */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Forbidden: HTTPS is required; Insufficient permissions; A role-bound token is required when RBAC is active; Role not found */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not Found: Workspace not found; Tool not found */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Gone: Workspace is deleted */
            410: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Payload Too Large: Request body exceeds the limit of MAX_JSON_BODY_BYTES bytes */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too Many Requests: Rate limit exceeded: at most RATE_LIMIT_REQUESTS requests per RATE_LIMIT_WINDOW_SECONDS s; retry in N s */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal Server Error: Failed to process or retrieve the resource */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Service Unavailable: Service temporarily unavailable; The request took too long; retry later */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listAgentServers: {
        parameters: {
            query?: never;
            header: {
                /** @description The access token's organization (required with an access token) */
                organizationid: string;
            };
            path: {
                /** @description The workspace */
                workspaceId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The servers */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        servers: {
                            id: string;
                            name: string;
                            url: string;
                            description: string | null;
                            model: string | null;
                            hasAuthToken: boolean;
                            createdAt: string;
                            updatedAt: string;
                        }[];
                        total: number;
                    };
                };
            };
            /** @description Bad Request: Request contains a NUL character or an unpaired UTF-16 surrogate; Missing required header: organizationid */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthorized: Invalid or expired access token */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Forbidden: HTTPS is required; Insufficient permissions; Role not found */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not Found: Workspace not found */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Gone: Workspace is deleted */
            410: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too Many Requests: Rate limit exceeded: at most RATE_LIMIT_REQUESTS requests per RATE_LIMIT_WINDOW_SECONDS s; retry in N s */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal Server Error: Failed to process or retrieve the resource */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Service Unavailable: Service temporarily unavailable; The request took too long; retry later */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createAgentServer: {
        parameters: {
            query?: never;
            header: {
                /** @description The access token's organization (required with an access token) */
                organizationid: string;
            };
            path: {
                /** @description The workspace */
                workspaceId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name: string & unknown;
                    /**
                     * Format: uri
                     * @description An https URL, or http on a loopback address; no credentials, no fragment. Loopback, private and reserved addresses are refused unless AGENT_ALLOW_PRIVATE_NETWORKS is set
                     */
                    url: string & unknown;
                    description?: string;
                    model?: string & unknown;
                    authToken?: string;
                };
            };
        };
        responses: {
            /** @description The server (its token is never shown) */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        name: string;
                        url: string;
                        description: string | null;
                        model: string | null;
                        hasAuthToken: boolean;
                        createdAt: string;
                        updatedAt: string;
                    };
                };
            };
            /** @description Bad Request: Request contains a NUL character or an unpaired UTF-16 surrogate; Malformed JSON in request body; Missing required header: organizationid; Missing required field: <field>; <field> must be …; url must not carry credentials (use authToken); url must not have a fragment; The URL's host … could not be resolved; The URL's host … is not allowed: the service does not connect to its address */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthorized: Invalid or expired access token */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Forbidden: HTTPS is required; Insufficient permissions; Role not found */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not Found: Workspace not found */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict: An agent server with this name already exists; The workspace holds its maximum of … agent servers */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Gone: Workspace is deleted */
            410: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Payload Too Large: Request body exceeds the limit of MAX_JSON_BODY_BYTES bytes */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too Many Requests: Rate limit exceeded: at most RATE_LIMIT_REQUESTS requests per RATE_LIMIT_WINDOW_SECONDS s; retry in N s */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal Server Error: Failed to process or retrieve the resource */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Service Unavailable: Service temporarily unavailable; The request took too long; retry later */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getAgentServer: {
        parameters: {
            query?: never;
            header: {
                /** @description The access token's organization (required with an access token) */
                organizationid: string;
            };
            path: {
                /** @description The workspace */
                workspaceId: string;
                /** @description The agent server */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The server */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        name: string;
                        url: string;
                        description: string | null;
                        model: string | null;
                        hasAuthToken: boolean;
                        createdAt: string;
                        updatedAt: string;
                    };
                };
            };
            /** @description Bad Request: Request contains a NUL character or an unpaired UTF-16 surrogate; Missing required header: organizationid; Invalid agent server ID format */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthorized: Invalid or expired access token */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Forbidden: HTTPS is required; Insufficient permissions; Role not found */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not Found: Workspace not found; Agent server not found */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Gone: Workspace is deleted */
            410: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too Many Requests: Rate limit exceeded: at most RATE_LIMIT_REQUESTS requests per RATE_LIMIT_WINDOW_SECONDS s; retry in N s */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal Server Error: Failed to process or retrieve the resource */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Service Unavailable: Service temporarily unavailable; The request took too long; retry later */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deleteAgentServer: {
        parameters: {
            query?: never;
            header: {
                /** @description The access token's organization (required with an access token) */
                organizationid: string;
            };
            path: {
                /** @description The workspace */
                workspaceId: string;
                /** @description The agent server */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Removed */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        success: true;
                        id: string;
                    };
                };
            };
            /** @description Bad Request: Request contains a NUL character or an unpaired UTF-16 surrogate; Malformed JSON in request body; Missing required header: organizationid; Invalid agent server ID format */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthorized: Invalid or expired access token */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Forbidden: HTTPS is required; Insufficient permissions; Role not found */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not Found: Workspace not found; Agent server not found */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Gone: Workspace is deleted */
            410: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Payload Too Large: Request body exceeds the limit of MAX_JSON_BODY_BYTES bytes */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too Many Requests: Rate limit exceeded: at most RATE_LIMIT_REQUESTS requests per RATE_LIMIT_WINDOW_SECONDS s; retry in N s */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal Server Error: Failed to process or retrieve the resource */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Service Unavailable: Service temporarily unavailable; The request took too long; retry later */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    updateAgentServer: {
        parameters: {
            query?: never;
            header: {
                /** @description The access token's organization (required with an access token) */
                organizationid: string;
            };
            path: {
                /** @description The workspace */
                workspaceId: string;
                /** @description The agent server */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name?: string & unknown;
                    /**
                     * Format: uri
                     * @description An https URL, or http on a loopback address; no credentials, no fragment. Loopback, private and reserved addresses are refused unless AGENT_ALLOW_PRIVATE_NETWORKS is set
                     */
                    url?: string & unknown;
                    description?: string | null;
                    model?: (string & unknown) | null;
                    authToken?: string | null;
                };
            };
        };
        responses: {
            /** @description The server */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        name: string;
                        url: string;
                        description: string | null;
                        model: string | null;
                        hasAuthToken: boolean;
                        createdAt: string;
                        updatedAt: string;
                    };
                };
            };
            /** @description Bad Request: Request contains a NUL character or an unpaired UTF-16 surrogate; Malformed JSON in request body; Missing required header: organizationid; Invalid agent server ID format; Missing required field: <field>; <field> must be …; The URL's host … could not be resolved; The URL's host … is not allowed: the service does not connect to its address; Provide at least one field to update: name, url, description, model, authToken */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthorized: Invalid or expired access token */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Forbidden: HTTPS is required; Insufficient permissions; Role not found */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not Found: Workspace not found; Agent server not found */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict: An agent server with this name already exists */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Gone: Workspace is deleted */
            410: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Payload Too Large: Request body exceeds the limit of MAX_JSON_BODY_BYTES bytes */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too Many Requests: Rate limit exceeded: at most RATE_LIMIT_REQUESTS requests per RATE_LIMIT_WINDOW_SECONDS s; retry in N s */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal Server Error: Failed to process or retrieve the resource */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Service Unavailable: Service temporarily unavailable; The request took too long; retry later */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    mcp: {
        parameters: {
            query?: never;
            header: {
                /** @description The access token's organization (required with an access token) */
                organizationid: string;
            };
            path: {
                /** @description The workspace */
                workspaceId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["JsonRpcMessage"];
            };
        };
        responses: {
            /** @description The JSON-RPC response */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        jsonrpc: "2.0";
                    } & {
                        [key: string]: unknown;
                    };
                    "text/event-stream": {
                        /** @constant */
                        jsonrpc: "2.0";
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description A JSON-RPC notification (no id): accepted, no body */
            202: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Not a JSON-RPC request or a batch (JSON-RPC error), or a request the service refuses ({error, message}) */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] | components["schemas"]["JsonRpcError"];
                };
            };
            /** @description Unauthorized: Invalid or expired access token */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Forbidden: HTTPS is required; Insufficient permissions; A role-bound token is required when RBAC is active; Role not found */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not Found: Workspace not found */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The Accept header lacks application/json or text/event-stream */
            406: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["JsonRpcError"];
                };
            };
            /** @description Gone: Workspace is deleted */
            410: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Payload Too Large: Request body exceeds the limit of MAX_JSON_BODY_BYTES bytes */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is not application/json */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["JsonRpcError"];
                };
            };
            /** @description Too Many Requests: Rate limit exceeded: at most RATE_LIMIT_REQUESTS requests per RATE_LIMIT_WINDOW_SECONDS s; retry in N s */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal Server Error: Failed to process or retrieve the resource */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Service Unavailable: Service temporarily unavailable; The request took too long; retry later */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listWebhooks: {
        parameters: {
            query?: never;
            header: {
                /** @description The access token's organization (required with an access token) */
                organizationid: string;
            };
            path: {
                /** @description The workspace */
                workspaceId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The endpoints */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        webhooks: components["schemas"]["WebhookEndpoint"][];
                    };
                };
            };
            /** @description Bad Request: Request contains a NUL character or an unpaired UTF-16 surrogate; Missing required header: organizationid */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthorized: Invalid or expired access token */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Forbidden: HTTPS is required; Insufficient permissions; Role not found */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not Found: Workspace not found */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Gone: Workspace is deleted */
            410: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too Many Requests: Rate limit exceeded: at most RATE_LIMIT_REQUESTS requests per RATE_LIMIT_WINDOW_SECONDS s; retry in N s */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal Server Error: Failed to process or retrieve the resource */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Service Unavailable: Service temporarily unavailable; The request took too long; retry later */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createWebhook: {
        parameters: {
            query?: never;
            header: {
                /** @description The access token's organization (required with an access token) */
                organizationid: string;
            };
            path: {
                /** @description The workspace */
                workspaceId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * Format: uri
                     * @description An absolute http(s) URL without credentials whose host is an IP address or a DNS name of at most 253 characters in labels of 1 to 63 (counted after IDNA conversion); 400 otherwise
                     */
                    url: string & unknown;
                    /** @description The event types to receive (default: all) */
                    events?: ("knowledge.completed" | "knowledge.failed" | "knowledge.cascade_deleted" | "knowledge.updated" | "knowledge.version_restored" | "knowledge.roles_changed" | "role.job_completed" | "role.job_failed")[];
                    description?: string | null;
                };
            };
        };
        responses: {
            /** @description The endpoint, with its secret */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookEndpointWithSecret"];
                };
            };
            /** @description Bad Request: Request contains a NUL character or an unpaired UTF-16 surrogate; Malformed JSON in request body; Missing required header: organizationid; Missing required field; Invalid field value; url must be an absolute http or https URL without credentials; events must be a non-empty list of: knowledge.completed, knowledge.failed, knowledge.cascade_deleted, knowledge.updated, knowledge.version_restored, knowledge.roles_changed, role.job_completed, role.job_failed; The URL's host … could not be resolved; The URL's host … is not allowed: the service does not connect to its address */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthorized: Invalid or expired access token */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Forbidden: HTTPS is required; Insufficient permissions; Role not found */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not Found: Workspace not found */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict: The workspace holds its maximum of … webhook endpoints (WEBHOOK_MAX_ENDPOINTS) */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Gone: Workspace is deleted */
            410: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Payload Too Large: Request body exceeds the limit of MAX_JSON_BODY_BYTES bytes */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too Many Requests: Rate limit exceeded: at most RATE_LIMIT_REQUESTS requests per RATE_LIMIT_WINDOW_SECONDS s; retry in N s */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal Server Error: Failed to process or retrieve the resource */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Service Unavailable: Service temporarily unavailable; The request took too long; retry later */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getWebhook: {
        parameters: {
            query?: never;
            header: {
                /** @description The access token's organization (required with an access token) */
                organizationid: string;
            };
            path: {
                /** @description The workspace */
                workspaceId: string;
                /** @description The endpoint (anything else: 404 "Webhook not found") */
                webhookId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The endpoint */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookEndpoint"];
                };
            };
            /** @description Bad Request: Request contains a NUL character or an unpaired UTF-16 surrogate; Missing required header: organizationid */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthorized: Invalid or expired access token */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Forbidden: HTTPS is required; Insufficient permissions; Role not found */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not Found: Workspace not found; Webhook not found */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Gone: Workspace is deleted */
            410: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too Many Requests: Rate limit exceeded: at most RATE_LIMIT_REQUESTS requests per RATE_LIMIT_WINDOW_SECONDS s; retry in N s */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal Server Error: Failed to process or retrieve the resource */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Service Unavailable: Service temporarily unavailable; The request took too long; retry later */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deleteWebhook: {
        parameters: {
            query?: never;
            header: {
                /** @description The access token's organization (required with an access token) */
                organizationid: string;
            };
            path: {
                /** @description The workspace */
                workspaceId: string;
                /** @description The endpoint (anything else: 404 "Webhook not found") */
                webhookId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Removed */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        success: true;
                    };
                };
            };
            /** @description Bad Request: Request contains a NUL character or an unpaired UTF-16 surrogate; Malformed JSON in request body; Missing required header: organizationid */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthorized: Invalid or expired access token */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Forbidden: HTTPS is required; Insufficient permissions; Role not found */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not Found: Workspace not found; Webhook not found */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Gone: Workspace is deleted */
            410: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Payload Too Large: Request body exceeds the limit of MAX_JSON_BODY_BYTES bytes */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too Many Requests: Rate limit exceeded: at most RATE_LIMIT_REQUESTS requests per RATE_LIMIT_WINDOW_SECONDS s; retry in N s */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal Server Error: Failed to process or retrieve the resource */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Service Unavailable: Service temporarily unavailable; The request took too long; retry later */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    updateWebhook: {
        parameters: {
            query?: never;
            header: {
                /** @description The access token's organization (required with an access token) */
                organizationid: string;
            };
            path: {
                /** @description The workspace */
                workspaceId: string;
                /** @description The endpoint (anything else: 404 "Webhook not found") */
                webhookId: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": {
                    /**
                     * Format: uri
                     * @description An absolute http(s) URL without credentials whose host is an IP address or a DNS name of at most 253 characters in labels of 1 to 63 (counted after IDNA conversion); 400 otherwise
                     */
                    url?: string & unknown;
                    /** @description The event types to receive (default: all) */
                    events?: ("knowledge.completed" | "knowledge.failed" | "knowledge.cascade_deleted" | "knowledge.updated" | "knowledge.version_restored" | "knowledge.roles_changed" | "role.job_completed" | "role.job_failed")[];
                    description?: string | null;
                    enabled?: boolean;
                    rotateSecret?: boolean;
                };
            };
        };
        responses: {
            /** @description The endpoint; with its new secret when rotateSecret was true */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookEndpointWithSecret"] | components["schemas"]["WebhookEndpoint"];
                };
            };
            /** @description Bad Request: Request contains a NUL character or an unpaired UTF-16 surrogate; Malformed JSON in request body; Missing required header: organizationid; Invalid field value; url must be an absolute http or https URL without credentials; events must be a non-empty list of: knowledge.completed, knowledge.failed, knowledge.cascade_deleted, knowledge.updated, knowledge.version_restored, knowledge.roles_changed, role.job_completed, role.job_failed; The URL's host … could not be resolved; The URL's host … is not allowed: the service does not connect to its address */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthorized: Invalid or expired access token */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Forbidden: HTTPS is required; Insufficient permissions; Role not found */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not Found: Workspace not found; Webhook not found */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Gone: Workspace is deleted */
            410: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Payload Too Large: Request body exceeds the limit of MAX_JSON_BODY_BYTES bytes */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too Many Requests: Rate limit exceeded: at most RATE_LIMIT_REQUESTS requests per RATE_LIMIT_WINDOW_SECONDS s; retry in N s */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal Server Error: Failed to process or retrieve the resource */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Service Unavailable: Service temporarily unavailable; The request took too long; retry later */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    sendWebhookTestEvent: {
        parameters: {
            query?: never;
            header: {
                /** @description The access token's organization (required with an access token) */
                organizationid: string;
            };
            path: {
                /** @description The workspace */
                workspaceId: string;
                /** @description The endpoint (anything else: 404 "Webhook not found") */
                webhookId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Recorded; the delivery follows */
            202: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * Format: uuid
                         * @description The delivery, in the endpoint's delivery log
                         */
                        deliveryId: string;
                        /** @constant */
                        eventType: "webhook.test";
                    };
                };
            };
            /** @description Bad Request: Request contains a NUL character or an unpaired UTF-16 surrogate; Malformed JSON in request body; Missing required header: organizationid */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthorized: Invalid or expired access token */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Forbidden: HTTPS is required; Insufficient permissions; Role not found */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not Found: Workspace not found; Webhook not found */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Gone: Workspace is deleted */
            410: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Payload Too Large: Request body exceeds the limit of MAX_JSON_BODY_BYTES bytes */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too Many Requests: Rate limit exceeded: at most RATE_LIMIT_REQUESTS requests per RATE_LIMIT_WINDOW_SECONDS s; retry in N s */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal Server Error: Failed to process or retrieve the resource */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Service Unavailable: Service temporarily unavailable; The request took too long; retry later */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listWebhookDeliveries: {
        parameters: {
            query?: {
                limit?: number;
            };
            header: {
                /** @description The access token's organization (required with an access token) */
                organizationid: string;
            };
            path: {
                /** @description The workspace */
                workspaceId: string;
                /** @description The endpoint (anything else: 404 "Webhook not found") */
                webhookId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The deliveries */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        deliveries: components["schemas"]["WebhookDelivery"][];
                    };
                };
            };
            /** @description Bad Request: Request contains a NUL character or an unpaired UTF-16 surrogate; Missing required header: organizationid; Invalid field value */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthorized: Invalid or expired access token */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Forbidden: HTTPS is required; Insufficient permissions; Role not found */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not Found: Workspace not found; Webhook not found */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Gone: Workspace is deleted */
            410: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too Many Requests: Rate limit exceeded: at most RATE_LIMIT_REQUESTS requests per RATE_LIMIT_WINDOW_SECONDS s; retry in N s */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal Server Error: Failed to process or retrieve the resource */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Service Unavailable: Service temporarily unavailable; The request took too long; retry later */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getStorageUsage: {
        parameters: {
            query?: never;
            header: {
                /** @description The access token's organization (required with an access token) */
                organizationid: string;
            };
            path: {
                /** @description The workspace */
                workspaceId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Bytes used and the quota */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Bytes of the workspace's stored files (uploads, archive members, crawled files) */
                        usedBytes: number;
                        /** @description The workspace's quota: its own, else the service's default; an upload beyond it is refused */
                        quotaBytes: number;
                    };
                };
            };
            /** @description Bad Request: Request contains a NUL character or an unpaired UTF-16 surrogate; Missing required header: organizationid */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthorized: Invalid or expired access token */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Forbidden: HTTPS is required; Insufficient permissions; Role not found */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not Found: Workspace not found */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Gone: Workspace is deleted */
            410: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too Many Requests: Rate limit exceeded: at most RATE_LIMIT_REQUESTS requests per RATE_LIMIT_WINDOW_SECONDS s; retry in N s */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal Server Error: Failed to process or retrieve the resource */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Service Unavailable: Service temporarily unavailable; The request took too long; retry later */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listApiKeys: {
        parameters: {
            query?: never;
            header: {
                /** @description The access token's organization (required with an access token) */
                organizationid: string;
            };
            path: {
                /** @description The workspace */
                workspaceId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The keys */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        apiKeys: {
                            /**
                             * Format: uuid
                             * @description The key
                             */
                            id: string;
                            name: string;
                            /** @description The first characters of the key, to recognise it */
                            prefix: string;
                            /**
                             * Format: date-time
                             * @description ISO 8601 timestamp (UTC)
                             */
                            createdAt: string;
                            /** @description When the key last minted a token (null: never) */
                            lastUsedAt: string | null;
                            revokedAt: string | null;
                        }[];
                    };
                };
            };
            /** @description Bad Request: Request contains a NUL character or an unpaired UTF-16 surrogate; Missing required header: organizationid */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthorized: Invalid or expired access token */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Forbidden: HTTPS is required; Insufficient permissions; Role not found */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not Found: Workspace not found */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Gone: Workspace is deleted */
            410: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too Many Requests: Rate limit exceeded: at most RATE_LIMIT_REQUESTS requests per RATE_LIMIT_WINDOW_SECONDS s; retry in N s */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal Server Error: Failed to process or retrieve the resource */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Service Unavailable: Service temporarily unavailable; The request took too long; retry later */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createApiKey: {
        parameters: {
            query?: never;
            header: {
                /** @description The access token's organization (required with an access token) */
                organizationid: string;
            };
            path: {
                /** @description The workspace */
                workspaceId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description What the key is for (1 to 200 characters after trimming) */
                    name: string;
                };
            };
        };
        responses: {
            /** @description The key, with its value */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * Format: uuid
                         * @description The key
                         */
                        id: string;
                        name: string;
                        /** @description The first characters of the key, to recognise it */
                        prefix: string;
                        /**
                         * Format: date-time
                         * @description ISO 8601 timestamp (UTC)
                         */
                        createdAt: string;
                        /** @description When the key last minted a token (null: never) */
                        lastUsedAt: string | null;
                        revokedAt: string | null;
                        /** @description The key itself: shown this once, stored only as a hash */
                        apiKey: string;
                    };
                };
            };
            /** @description Bad Request: Request contains a NUL character or an unpaired UTF-16 surrogate; Malformed JSON in request body; Missing required header: organizationid; Missing required field; Invalid field value */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthorized: Invalid or expired access token */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Forbidden: HTTPS is required; Insufficient permissions; Role not found */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not Found: Workspace not found */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Gone: Workspace is deleted */
            410: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Payload Too Large: Request body exceeds the limit of MAX_JSON_BODY_BYTES bytes */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too Many Requests: Rate limit exceeded: at most RATE_LIMIT_REQUESTS requests per RATE_LIMIT_WINDOW_SECONDS s; retry in N s */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal Server Error: Failed to process or retrieve the resource */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Service Unavailable: Service temporarily unavailable; The request took too long; retry later */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    revokeApiKey: {
        parameters: {
            query?: never;
            header: {
                /** @description The access token's organization (required with an access token) */
                organizationid: string;
            };
            path: {
                /** @description The workspace */
                workspaceId: string;
                /** @description The key (anything else: 404) */
                keyId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Revoked */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        success: true;
                    };
                };
            };
            /** @description Bad Request: Request contains a NUL character or an unpaired UTF-16 surrogate; Malformed JSON in request body; Missing required header: organizationid */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthorized: Invalid or expired access token */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Forbidden: HTTPS is required; Insufficient permissions; Role not found */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not Found: Workspace not found; API key … not found or already revoked */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Gone: Workspace is deleted */
            410: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Payload Too Large: Request body exceeds the limit of MAX_JSON_BODY_BYTES bytes */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too Many Requests: Rate limit exceeded: at most RATE_LIMIT_REQUESTS requests per RATE_LIMIT_WINDOW_SECONDS s; retry in N s */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal Server Error: Failed to process or retrieve the resource */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Service Unavailable: Service temporarily unavailable; The request took too long; retry later */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listSources: {
        parameters: {
            query?: never;
            header: {
                /** @description The access token's organization (required with an access token) */
                organizationid: string;
            };
            path: {
                /** @description The workspace */
                workspaceId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The sources */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        sources: components["schemas"]["Source"][];
                    };
                };
            };
            /** @description Bad Request: Request contains a NUL character or an unpaired UTF-16 surrogate; Missing required header: organizationid */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthorized: Invalid or expired access token */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Forbidden: HTTPS is required; Insufficient permissions; Role not found */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not Found: Workspace not found */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Gone: Workspace is deleted */
            410: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too Many Requests: Rate limit exceeded: at most RATE_LIMIT_REQUESTS requests per RATE_LIMIT_WINDOW_SECONDS s; retry in N s */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal Server Error: Failed to process or retrieve the resource */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Service Unavailable: Service temporarily unavailable; The request took too long; retry later */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createSource: {
        parameters: {
            query?: never;
            header: {
                /** @description The access token's organization (required with an access token) */
                organizationid: string;
            };
            path: {
                /** @description The workspace */
                workspaceId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * @description the objects of an S3-compatible bucket under a prefix; an object ETag is its fingerprint
                     * @constant
                     */
                    kind: "s3";
                    config: {
                        /** @description An S3-compatible endpoint, http(s)://host[:port] (absent: AWS S3) */
                        endpoint?: string & unknown;
                        /** @default us-east-1 */
                        region?: string & unknown;
                        /** @description The bucket name (3 to 63 lowercase letters, digits, dots and hyphens) */
                        bucket: string & unknown;
                        /**
                         * @description Only the objects whose keys start with it
                         * @default
                         */
                        prefix?: string;
                        /** @default true */
                        forcePathStyle?: boolean;
                    };
                    /** @description Sealed at rest, never returned */
                    secrets?: {
                        accessKeyId: string;
                        secretAccessKey: string;
                        sessionToken?: string;
                    };
                    /** @description A Temporal schedule (overlap policy SKIP: a sync never starts while one runs) */
                    schedule?: {
                        /** @description Seconds between scheduled syncs (default 21600, six hours) */
                        intervalSeconds?: number;
                        /** @description Pause (true) or resume (false) the schedule */
                        paused?: boolean;
                    };
                    /** @description The source's name (also its root item's title) */
                    name?: string;
                    /** @description Roles every item of the source is visible to under RBAC (inherited at read time) */
                    roleIds?: string[];
                    /** @description Typed attributes: at most 16 keys matching ^[A-Za-z][A-Za-z0-9_.-]{0,63}$ (built-in key names are reserved); values strings (at most 512 characters; an ISO 8601 date is kept as its string and compared as a date by range filters), finite numbers or booleans */
                    attributes?: {
                        [key: string]: string | number | boolean;
                    };
                    /** @description The largest share of its items one sync may delete without ?confirmDeletes=true (default 0.5) */
                    maxDeleteShare?: number;
                    /** @description Who may read each document, from where it lives: evaluated in order, the first rule whose match the document meets gives its roles and attributes; a document no rule matches gets the source's own. At most 50 rules of at most 32 patterns of 256 characters. A change is applied to every document by a rules job (rulesJobId), without fetching or embedding anything. */
                    rules?: components["schemas"]["SourceRule"][];
                } | {
                    /**
                     * @description the files of one branch of a git repository (smart HTTP) matching path globs; a git blob id is its fingerprint
                     * @constant
                     */
                    kind: "git";
                    config: {
                        /**
                         * @description The repository over smart HTTP: https, no credentials, query, fragment or control characters.
                         * @example https://git.example.com/team/handbook.git
                         */
                        url: string & unknown;
                        /** @description The branch to follow (a git branch name); the repository's default branch when absent. */
                        branch?: string & unknown;
                        /**
                         * @description Globs of the files to follow, relative to the root (default ["**"])
                         * @default [
                         *       "**"
                         *     ]
                         * @example [
                         *       "docs/**\/*.md"
                         *     ]
                         */
                        paths?: (string & unknown)[];
                        /**
                         * @description A CODEOWNERS file to read at each sync (its path in the repository): each file's owners, which the source's rules may match (rules[].match.owners)
                         * @example .github/CODEOWNERS
                         */
                        codeowners?: string & unknown;
                    };
                    /** @description Sealed at rest, never returned */
                    secrets?: {
                        username?: string & unknown;
                        token?: string & unknown;
                    };
                    /** @description A Temporal schedule (overlap policy SKIP: a sync never starts while one runs) */
                    schedule?: {
                        /** @description Seconds between scheduled syncs (default 21600, six hours) */
                        intervalSeconds?: number;
                        /** @description Pause (true) or resume (false) the schedule */
                        paused?: boolean;
                    };
                    /** @description The source's name (also its root item's title) */
                    name?: string;
                    /** @description Roles every item of the source is visible to under RBAC (inherited at read time) */
                    roleIds?: string[];
                    /** @description Typed attributes: at most 16 keys matching ^[A-Za-z][A-Za-z0-9_.-]{0,63}$ (built-in key names are reserved); values strings (at most 512 characters; an ISO 8601 date is kept as its string and compared as a date by range filters), finite numbers or booleans */
                    attributes?: {
                        [key: string]: string | number | boolean;
                    };
                    /** @description The largest share of its items one sync may delete without ?confirmDeletes=true (default 0.5) */
                    maxDeleteShare?: number;
                    /** @description Who may read each document, from where it lives: evaluated in order, the first rule whose match the document meets gives its roles and attributes; a document no rule matches gets the source's own. At most 50 rules of at most 32 patterns of 256 characters. A change is applied to every document by a rules job (rulesJobId), without fetching or embedding anything. */
                    rules?: components["schemas"]["SourceRule"][];
                } | {
                    /**
                     * @description the pages of one site from a start URL, under robots.txt and the crawl rules, plus its sitemaps' URLs; a page's ETag or Last-Modified (else a hash of its text) is its fingerprint, sent back as a conditional GET
                     * @constant
                     */
                    kind: "website";
                    config: {
                        /**
                         * @description The start URL: http(s), without credentials, query or fragment; the site is its origin
                         * @example https://docs.example.com/
                         */
                        url: string & unknown;
                        /**
                         * @description The most pages requested by one sync (default 50)
                         * @default 50
                         */
                        maxPages?: number;
                        /**
                         * @description The most links followed from the start URL (default 3)
                         * @default 3
                         */
                        maxDepth?: number;
                        /**
                         * @description Path patterns (robots.txt syntax: `*` any run, final `$` the end) a page must match one of (none: all)
                         * @default []
                         */
                        includePaths?: (string & unknown)[];
                        /**
                         * @description Path patterns no page may match
                         * @default []
                         */
                        excludePaths?: (string & unknown)[];
                    };
                    /** @description A Temporal schedule (overlap policy SKIP: a sync never starts while one runs) */
                    schedule?: {
                        /** @description Seconds between scheduled syncs (default 21600, six hours) */
                        intervalSeconds?: number;
                        /** @description Pause (true) or resume (false) the schedule */
                        paused?: boolean;
                    };
                    /** @description The source's name (also its root item's title) */
                    name?: string;
                    /** @description Roles every item of the source is visible to under RBAC (inherited at read time) */
                    roleIds?: string[];
                    /** @description Typed attributes: at most 16 keys matching ^[A-Za-z][A-Za-z0-9_.-]{0,63}$ (built-in key names are reserved); values strings (at most 512 characters; an ISO 8601 date is kept as its string and compared as a date by range filters), finite numbers or booleans */
                    attributes?: {
                        [key: string]: string | number | boolean;
                    };
                    /** @description The largest share of its items one sync may delete without ?confirmDeletes=true (default 0.5) */
                    maxDeleteShare?: number;
                    /** @description Who may read each document, from where it lives: evaluated in order, the first rule whose match the document meets gives its roles and attributes; a document no rule matches gets the source's own. At most 50 rules of at most 32 patterns of 256 characters. A change is applied to every document by a rules job (rulesJobId), without fetching or embedding anything. */
                    rules?: components["schemas"]["SourceRule"][];
                };
            };
        };
        responses: {
            /** @description The source */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Source"];
                };
            };
            /** @description Bad Request: Request contains a NUL character or an unpaired UTF-16 surrogate; Malformed JSON in request body; Missing required header: organizationid; Missing required field; Invalid field value; Invalid source config; Invalid source secrets */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthorized: Invalid or expired access token */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Forbidden: HTTPS is required; Insufficient permissions; Role not found */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not Found: Workspace not found; One or more roles not found */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Gone: Workspace is deleted */
            410: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Payload Too Large: Request body exceeds the limit of MAX_JSON_BODY_BYTES bytes */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too Many Requests: Rate limit exceeded: at most RATE_LIMIT_REQUESTS requests per RATE_LIMIT_WINDOW_SECONDS s; retry in N s */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal Server Error: Failed to process or retrieve the resource */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Service Unavailable: Service temporarily unavailable; The request took too long; retry later */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getSource: {
        parameters: {
            query?: never;
            header: {
                /** @description The access token's organization (required with an access token) */
                organizationid: string;
            };
            path: {
                /** @description The workspace */
                workspaceId: string;
                /** @description The source (anything else: 404 "Source not found") */
                sourceId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The source */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Source"];
                };
            };
            /** @description Bad Request: Request contains a NUL character or an unpaired UTF-16 surrogate; Missing required header: organizationid */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthorized: Invalid or expired access token */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Forbidden: HTTPS is required; Insufficient permissions; Role not found */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not Found: Workspace not found; Source not found */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Gone: Workspace is deleted */
            410: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too Many Requests: Rate limit exceeded: at most RATE_LIMIT_REQUESTS requests per RATE_LIMIT_WINDOW_SECONDS s; retry in N s */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal Server Error: Failed to process or retrieve the resource */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Service Unavailable: Service temporarily unavailable; The request took too long; retry later */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deleteSource: {
        parameters: {
            query?: {
                /** @description Also delete the source's items (a cascade delete job) */
                deleteItems?: "true" | "false";
            };
            header: {
                /** @description The access token's organization (required with an access token) */
                organizationid: string;
            };
            path: {
                /** @description The workspace */
                workspaceId: string;
                /** @description The source (anything else: 404 "Source not found") */
                sourceId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        success: true;
                        /** @description The cascade delete of the source's items (deleteItems=true) */
                        jobId?: string;
                    };
                };
            };
            /** @description Bad Request: Request contains a NUL character or an unpaired UTF-16 surrogate; Malformed JSON in request body; Missing required header: organizationid; Invalid field value */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthorized: Invalid or expired access token */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Forbidden: HTTPS is required; Insufficient permissions; Role not found */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not Found: Workspace not found; Source not found */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Gone: Workspace is deleted */
            410: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Payload Too Large: Request body exceeds the limit of MAX_JSON_BODY_BYTES bytes */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too Many Requests: Rate limit exceeded: at most RATE_LIMIT_REQUESTS requests per RATE_LIMIT_WINDOW_SECONDS s; retry in N s */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal Server Error: Failed to process or retrieve the resource */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Service Unavailable: Service temporarily unavailable; The request took too long; retry later */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    updateSource: {
        parameters: {
            query?: never;
            header: {
                /** @description The access token's organization (required with an access token) */
                organizationid: string;
            };
            path: {
                /** @description The workspace */
                workspaceId: string;
                /** @description The source (anything else: 404 "Source not found") */
                sourceId: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": {
                    /** @description The whole new config (one of the source's own kind: 400 otherwise) */
                    config?: {
                        /** @description An S3-compatible endpoint, http(s)://host[:port] (absent: AWS S3) */
                        endpoint?: string & unknown;
                        /** @default us-east-1 */
                        region?: string & unknown;
                        /** @description The bucket name (3 to 63 lowercase letters, digits, dots and hyphens) */
                        bucket: string & unknown;
                        /**
                         * @description Only the objects whose keys start with it
                         * @default
                         */
                        prefix?: string;
                        /** @default true */
                        forcePathStyle?: boolean;
                    } | {
                        /**
                         * @description The repository over smart HTTP: https, no credentials, query, fragment or control characters.
                         * @example https://git.example.com/team/handbook.git
                         */
                        url: string & unknown;
                        /** @description The branch to follow (a git branch name); the repository's default branch when absent. */
                        branch?: string & unknown;
                        /**
                         * @description Globs of the files to follow, relative to the root (default ["**"])
                         * @default [
                         *       "**"
                         *     ]
                         * @example [
                         *       "docs/**\/*.md"
                         *     ]
                         */
                        paths?: (string & unknown)[];
                        /**
                         * @description A CODEOWNERS file to read at each sync (its path in the repository): each file's owners, which the source's rules may match (rules[].match.owners)
                         * @example .github/CODEOWNERS
                         */
                        codeowners?: string & unknown;
                    } | {
                        /**
                         * @description The start URL: http(s), without credentials, query or fragment; the site is its origin
                         * @example https://docs.example.com/
                         */
                        url: string & unknown;
                        /**
                         * @description The most pages requested by one sync (default 50)
                         * @default 50
                         */
                        maxPages?: number;
                        /**
                         * @description The most links followed from the start URL (default 3)
                         * @default 3
                         */
                        maxDepth?: number;
                        /**
                         * @description Path patterns (robots.txt syntax: `*` any run, final `$` the end) a page must match one of (none: all)
                         * @default []
                         */
                        includePaths?: (string & unknown)[];
                        /**
                         * @description Path patterns no page may match
                         * @default []
                         */
                        excludePaths?: (string & unknown)[];
                    };
                    /** @description New credentials (null removes them); sealed, never returned */
                    secrets?: ({
                        accessKeyId: string;
                        secretAccessKey: string;
                        sessionToken?: string;
                    } | {
                        username?: string & unknown;
                        token?: string & unknown;
                    }) | null;
                    /** @description null removes the schedule */
                    schedule?: {
                        /** @description Seconds between scheduled syncs (default 21600, six hours) */
                        intervalSeconds?: number;
                        /** @description Pause (true) or resume (false) the schedule */
                        paused?: boolean;
                    } | null;
                    /** @description The source's name (also its root item's title) */
                    name?: string;
                    /** @description Roles every item of the source is visible to under RBAC (inherited at read time) */
                    roleIds?: string[];
                    attributes?: {
                        [key: string]: string | number | boolean;
                    } | null;
                    /** @description The largest share of its items one sync may delete without ?confirmDeletes=true (default 0.5) */
                    maxDeleteShare?: number;
                    /** @description The whole new list of rules ([] removes them); a rules job applies the change */
                    rules?: components["schemas"]["SourceRule"][];
                };
            };
        };
        responses: {
            /** @description The source */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Source"];
                };
            };
            /** @description Bad Request: Request contains a NUL character or an unpaired UTF-16 surrogate; Malformed JSON in request body; Missing required header: organizationid; Invalid field value; Invalid source config; Invalid source secrets */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthorized: Invalid or expired access token */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Forbidden: HTTPS is required; Insufficient permissions; Role not found */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not Found: Workspace not found; Source not found; One or more roles not found */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Gone: Workspace is deleted */
            410: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Payload Too Large: Request body exceeds the limit of MAX_JSON_BODY_BYTES bytes */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too Many Requests: Rate limit exceeded: at most RATE_LIMIT_REQUESTS requests per RATE_LIMIT_WINDOW_SECONDS s; retry in N s */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal Server Error: Failed to process or retrieve the resource */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Service Unavailable: Service temporarily unavailable; The request took too long; retry later */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    syncSource: {
        parameters: {
            query?: {
                /** @description Let this sync delete more than the source's maxDeleteShare of its items */
                confirmDeletes?: "true" | "false";
            };
            header: {
                /** @description The access token's organization (required with an access token) */
                organizationid: string;
            };
            path: {
                /** @description The workspace */
                workspaceId: string;
                /** @description The source (anything else: 404 "Source not found") */
                sourceId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The sync */
            202: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description false: a sync of the source was running, and is the one answered */
                        started: boolean;
                        sync: components["schemas"]["SourceSync"];
                    };
                };
            };
            /** @description Bad Request: Request contains a NUL character or an unpaired UTF-16 surrogate; Malformed JSON in request body; Missing required header: organizationid; Invalid field value */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthorized: Invalid or expired access token */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Forbidden: HTTPS is required; Insufficient permissions; Role not found */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not Found: Workspace not found; Source not found */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Gone: Workspace is deleted */
            410: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Payload Too Large: Request body exceeds the limit of MAX_JSON_BODY_BYTES bytes */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too Many Requests: Rate limit exceeded: at most RATE_LIMIT_REQUESTS requests per RATE_LIMIT_WINDOW_SECONDS s; retry in N s */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal Server Error: Failed to process or retrieve the resource */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Service Unavailable: Service temporarily unavailable; The request took too long; retry later */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getSourceRules: {
        parameters: {
            query?: never;
            header: {
                /** @description The access token's organization (required with an access token) */
                organizationid: string;
            };
            path: {
                /** @description The workspace */
                workspaceId: string;
                /** @description The source (anything else: 404 "Source not found") */
                sourceId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The rules and their counts */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SourceRules"];
                };
            };
            /** @description Bad Request: Request contains a NUL character or an unpaired UTF-16 surrogate; Missing required header: organizationid */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthorized: Invalid or expired access token */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Forbidden: HTTPS is required; Insufficient permissions; Role not found */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not Found: Workspace not found; Source not found */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Gone: Workspace is deleted */
            410: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too Many Requests: Rate limit exceeded: at most RATE_LIMIT_REQUESTS requests per RATE_LIMIT_WINDOW_SECONDS s; retry in N s */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal Server Error: Failed to process or retrieve the resource */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Service Unavailable: Service temporarily unavailable; The request took too long; retry later */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    previewSourceRules: {
        parameters: {
            query?: never;
            header: {
                /** @description The access token's organization (required with an access token) */
                organizationid: string;
            };
            path: {
                /** @description The workspace */
                workspaceId: string;
                /** @description The source (anything else: 404 "Source not found") */
                sourceId: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["SourceRulesPreviewRequest"];
            };
        };
        responses: {
            /** @description What would change */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SourceRulesPreview"];
                };
            };
            /** @description Bad Request: Request contains a NUL character or an unpaired UTF-16 surrogate; Malformed JSON in request body; Missing required header: organizationid; Invalid field value */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthorized: Invalid or expired access token */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Forbidden: HTTPS is required; Insufficient permissions; Role not found */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not Found: Workspace not found; Source not found */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Gone: Workspace is deleted */
            410: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Payload Too Large: Request body exceeds the limit of MAX_JSON_BODY_BYTES bytes */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too Many Requests: Rate limit exceeded: at most RATE_LIMIT_REQUESTS requests per RATE_LIMIT_WINDOW_SECONDS s; retry in N s */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal Server Error: Failed to process or retrieve the resource */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Service Unavailable: Service temporarily unavailable; The request took too long; retry later */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listSourceSyncs: {
        parameters: {
            query?: {
                limit?: number;
            };
            header: {
                /** @description The access token's organization (required with an access token) */
                organizationid: string;
            };
            path: {
                /** @description The workspace */
                workspaceId: string;
                /** @description The source (anything else: 404 "Source not found") */
                sourceId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The syncs */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        syncs: components["schemas"]["SourceSync"][];
                    };
                };
            };
            /** @description Bad Request: Request contains a NUL character or an unpaired UTF-16 surrogate; Missing required header: organizationid; Invalid field value */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthorized: Invalid or expired access token */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Forbidden: HTTPS is required; Insufficient permissions; Role not found */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not Found: Workspace not found; Source not found */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Gone: Workspace is deleted */
            410: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too Many Requests: Rate limit exceeded: at most RATE_LIMIT_REQUESTS requests per RATE_LIMIT_WINDOW_SECONDS s; retry in N s */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal Server Error: Failed to process or retrieve the resource */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Service Unavailable: Service temporarily unavailable; The request took too long; retry later */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-API-Version": components["headers"]["X-API-Version"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getMetrics: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The Prometheus text exposition format (version 0.0.4) */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "text/plain": string;
                };
            };
            /** @description Bad Request: Request contains a NUL character or an unpaired UTF-16 surrogate */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthorized: Invalid or missing metrics token */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Forbidden: HTTPS is required */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too Many Requests: Rate limit exceeded: at most RATE_LIMIT_REQUESTS requests per RATE_LIMIT_WINDOW_SECONDS s; retry in N s */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal Server Error: Failed to process or retrieve the resource */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Service Unavailable: Service temporarily unavailable; The request took too long; retry later */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getOpenApiDocument: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The document */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        openapi: "3.1.0";
                        info: {
                            title: string;
                            version: string;
                        } & {
                            [key: string]: unknown;
                        };
                        paths: {
                            [key: string]: unknown;
                        };
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Bad Request: Request contains a NUL character or an unpaired UTF-16 surrogate */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Forbidden: HTTPS is required */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too Many Requests: Rate limit exceeded: at most RATE_LIMIT_REQUESTS requests per RATE_LIMIT_WINDOW_SECONDS s; retry in N s */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal Server Error: Failed to process or retrieve the resource */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Service Unavailable: Service temporarily unavailable; The request took too long; retry later */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getDocsPage: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The HTML page */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description Bad Request: Request contains a NUL character or an unpaired UTF-16 surrogate */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Forbidden: HTTPS is required */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too Many Requests: Rate limit exceeded: at most RATE_LIMIT_REQUESTS requests per RATE_LIMIT_WINDOW_SECONDS s; retry in N s */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal Server Error: Failed to process or retrieve the resource */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Service Unavailable: Service temporarily unavailable; The request took too long; retry later */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getDocsAsset: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                file: "swagger-ui.css" | "swagger-ui-bundle.js" | "favicon-32x32.png" | "init.js";
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The asset */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "text/css": string;
                    "application/javascript": string;
                    "image/png": string;
                };
            };
            /** @description Bad Request: Request contains a NUL character or an unpaired UTF-16 surrogate */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Forbidden: HTTPS is required */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not Found: Asset not found */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too Many Requests: Rate limit exceeded: at most RATE_LIMIT_REQUESTS requests per RATE_LIMIT_WINDOW_SECONDS s; retry in N s */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal Server Error: Failed to process or retrieve the resource */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Service Unavailable: Service temporarily unavailable; The request took too long; retry later */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getConsolePage: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The HTML page */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description Bad Request: Request contains a NUL character or an unpaired UTF-16 surrogate */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Forbidden: HTTPS is required */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not Found: Console not built (npm run build) */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too Many Requests: Rate limit exceeded: at most RATE_LIMIT_REQUESTS requests per RATE_LIMIT_WINDOW_SECONDS s; retry in N s */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal Server Error: Failed to process or retrieve the resource */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Service Unavailable: Service temporarily unavailable; The request took too long; retry later */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getConsoleAsset: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                file: string & unknown;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The asset */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/javascript": string;
                    "text/css": string;
                    "image/svg+xml": string;
                    "image/png": string;
                };
            };
            /** @description Bad Request: Request contains a NUL character or an unpaired UTF-16 surrogate */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Forbidden: HTTPS is required */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not Found: Asset not found */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too Many Requests: Rate limit exceeded: at most RATE_LIMIT_REQUESTS requests per RATE_LIMIT_WINDOW_SECONDS s; retry in N s */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal Server Error: Failed to process or retrieve the resource */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Service Unavailable: Service temporarily unavailable; The request took too long; retry later */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit"?: string;
                    "RateLimit-Remaining"?: string;
                    "RateLimit-Reset"?: string;
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
}
