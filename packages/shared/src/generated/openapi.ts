/**
 * Generated from apps/api/openapi.json by apps/web/scripts/generate-api-types.mjs: do not edit.
 * Regenerate with `pnpm openapi` after changing a route or a shared schema.
 */

export interface paths {
    "/api-keys": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["ApiKeys_list"];
        put?: never;
        post: operations["ApiKeys_create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api-keys/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete: operations["ApiKeys_revoke"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/audit": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["Audit_list"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/login": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: operations["Auth_login"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/logout": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: operations["Auth_logout"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/password": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: operations["Passwords_change"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/sessions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["Auth_sessions"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/sessions/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete: operations["Auth_revokeSession"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/signup": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: operations["Auth_signup"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/switch": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: operations["Auth_switch"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/comparisons": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["Reports_compare"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/dashboard": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["Reports_dashboard"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/data-sets": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["DataSets_list"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/data-sets/{name}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["DataSets_get"];
        put: operations["DataSets_upload"];
        post?: never;
        delete: operations["DataSets_remove"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/data-sets/{name}/preview": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["DataSets_preview"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/data-sets/{name}/versions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["DataSets_versions"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/health": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["Health_health"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/health/live": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["Health_live"];
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
        get: operations["Health_ready"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/invitations/{token}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["Members_preview"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/invitations/{token}/accept": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: operations["Members_accept"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/invites": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["Members_invites"];
        put?: never;
        post: operations["Members_invite"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/invites/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete: operations["Members_revokeInvite"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/me": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["Auth_me"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/members": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["Members_list"];
        put?: never;
        post: operations["Members_addMember"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/members/{userId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete: operations["Members_remove"];
        options?: never;
        head?: never;
        patch: operations["Members_changeRole"];
        trace?: never;
    };
    "/members/{userId}/password-reset": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: operations["Passwords_issue"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/organization": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["Organizations_current"];
        put?: never;
        post?: never;
        delete: operations["Auth_deleteOrganization"];
        options?: never;
        head?: never;
        patch: operations["Organizations_rename"];
        trace?: never;
    };
    "/organization/leave": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: operations["Auth_leave"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/organization/quotas": {
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
        patch: operations["Organizations_updateQuotas"];
        trace?: never;
    };
    "/organizations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: operations["Organizations_create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/password-resets/{token}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["Passwords_preview"];
        put?: never;
        post: operations["Passwords_redeem"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/plans": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["Plans_list"];
        put?: never;
        post: operations["Plans_create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/plans/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["Plans_get"];
        put?: never;
        post?: never;
        delete: operations["Plans_remove"];
        options?: never;
        head?: never;
        patch: operations["Plans_update"];
        trace?: never;
    };
    "/plans/{id}/baseline": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["Baselines_ofPlan"];
        put: operations["Baselines_pin"];
        post?: never;
        delete: operations["Baselines_unpin"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/plans/{id}/diff": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["Plans_diff"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/plans/{id}/runs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: operations["Runs_start"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/plans/{id}/schedules": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["Schedules_list"];
        put?: never;
        post: operations["Schedules_create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/plans/{id}/script": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["Plans_script"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/plans/{id}/share-links": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: operations["Shares_sharePlan"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/plans/{id}/shares": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Same as POST /plans/{id}/share-links
         * @deprecated
         */
        post: operations["Shares_sharePlanAtFormerPath"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/plans/{id}/trend": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["Reports_trendSeries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/plans/{id}/trends": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["Reports_trend"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/plans/{id}/triggers": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["Triggers_list"];
        put?: never;
        post: operations["Triggers_create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/plans/{id}/versions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["Plans_versions"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/plans/{id}/versions/{version}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["Plans_version"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/plans/check-script": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: operations["Plans_checkScript"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/plans/import": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: operations["Imports_draft"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/public/reports/{token}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["Shares_open"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/public/shares/{token}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Same as GET /public/reports/{token}
         * @deprecated
         */
        get: operations["Shares_openAtFormerPath"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/runners": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["Runners_get"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/runs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["Runs_list"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/runs/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["Runs_get"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/runs/{id}/baseline": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["Baselines_ofRun"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/runs/{id}/cancel": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: operations["Runs_cancel"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/runs/{id}/compare/{otherId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["Reports_compareWith"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/runs/{id}/events": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["Runs_events"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/runs/{id}/export": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["Reports_export"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/runs/{id}/series": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["Runs_series"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/runs/{id}/share-links": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: operations["Shares_shareRun"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/runs/{id}/shares": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Same as POST /runs/{id}/share-links
         * @deprecated
         */
        post: operations["Shares_shareRunAtFormerPath"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/runs/{id}/telemetry": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["RunTelemetry_get"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/schedules/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete: operations["Schedules_delete"];
        options?: never;
        head?: never;
        patch: operations["Schedules_update"];
        trace?: never;
    };
    "/schedules/{id}/slots": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["Schedules_slots"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/share-links": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["Shares_list"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/share-links/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete: operations["Shares_revoke"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/shares": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Same as GET /share-links
         * @deprecated
         */
        get: operations["Shares_listAtFormerPath"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/shares/{id}": {
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
         * Same as DELETE /share-links/{id}
         * @deprecated
         */
        delete: operations["Shares_revokeAtFormerPath"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/targets": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["Targets_list"];
        put?: never;
        post: operations["Targets_create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/targets/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["Targets_get"];
        put?: never;
        post?: never;
        delete: operations["Targets_remove"];
        options?: never;
        head?: never;
        patch: operations["Targets_update"];
        trace?: never;
    };
    "/targets/{id}/sources": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["MetricSources_list"];
        put?: never;
        post: operations["MetricSources_create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/targets/{id}/sources/{sourceId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete: operations["MetricSources_remove"];
        options?: never;
        head?: never;
        patch: operations["MetricSources_update"];
        trace?: never;
    };
    "/targets/{id}/verify": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: operations["Targets_verify"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/triggers/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete: operations["Triggers_revoke"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/triggers/{token}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: operations["Triggers_fire"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/usage": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["Organizations_usage"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/webhooks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["Webhooks_list"];
        put?: never;
        post: operations["Webhooks_create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/webhooks/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete: operations["Webhooks_delete"];
        options?: never;
        head?: never;
        patch: operations["Webhooks_update"];
        trace?: never;
    };
    "/webhooks/{id}/deliveries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["Webhooks_deliveries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/webhooks/{id}/rotate-secret": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: operations["Webhooks_rotate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/webhooks/{id}/test": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: operations["Webhooks_test"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/webhooks/deliveries/{id}/redeliver": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: operations["Webhooks_redeliver"];
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
        ApiKeyView: {
            createdAt: string;
            createdBy: string | null;
            expiresAt: string | null;
            id: string;
            lastUsedAt: string | null;
            name: string;
            prefix: string;
            revokedAt: string | null;
            role: components["schemas"]["Role"];
        };
        AuditEventView: {
            action: string;
            actor: {
                id: string | null;
                label: string | null;
                /** @enum {string} */
                type: "user" | "apiKey" | "system";
            };
            createdAt: string;
            details: {
                [key: string]: unknown;
            };
            id: string;
            ip: string | null;
            subject: {
                id: string;
                type: string;
            } | null;
            userAgent: string | null;
        };
        AuditPage: {
            events: components["schemas"]["AuditEventView"][];
            nextBefore: string | null;
        };
        AuditQueryInput: {
            /** @enum {string} */
            action?: "auth.login" | "auth.login_failed" | "auth.logout" | "auth.locked_out" | "auth.login_slowed" | "auth.password_changed" | "auth.password_reset" | "organization.created" | "organization.updated" | "organization.quotas_changed" | "member.invited" | "member.invite_revoked" | "member.joined" | "member.role_changed" | "member.power_reduced" | "member.removed" | "member.password_reset_issued" | "authority.backfilled" | "api_key.created" | "api_key.revoked" | "target.verified" | "metric_source.created" | "metric_source.updated" | "metric_source.deleted" | "run.started" | "run.cancelled";
            before?: string;
            /** @default 50 */
            limit?: number;
        };
        BaselineQuery: {
            targetId?: components["schemas"]["RunTargetIdInput"];
        };
        /** Format: uri */
        BaseUrl: string;
        BottleneckRow: {
            averageUtilisation: number | null;
            component: string;
            /** @enum {string} */
            kind: "target" | "generator";
            peakUtilisation: number | null;
            saturatedAtSeconds: number | null;
        };
        Capacity: {
            brokeAt: {
                reason: string;
                rps: number;
                vus: number;
            } | null;
            criterion: string;
            heldUpTo: {
                rps: number;
                vus: number;
            } | null;
            phases?: components["schemas"]["CapacityPhase"][];
            statement: string;
        };
        CapacityPhase: {
            errorRate: number | null;
            holds: boolean | null;
            latency: number | null;
            name: string;
            offeredRate?: number;
            reason?: string;
            requests: number;
            rps: number;
            vus: number;
        };
        Capture: {
            /** @enum {string} */
            from: "json";
            name: string;
            path: components["schemas"]["JsonPath"];
        } | {
            /** @enum {string} */
            from: "header";
            header: string;
            name: string;
        } | {
            /** @enum {string} */
            from: "regex";
            /** @default 1 */
            group: number;
            name: string;
            pattern: string;
        };
        CaptureInput: {
            /** @enum {string} */
            from: "json";
            name: string;
            path: components["schemas"]["JsonPath"];
        } | {
            /** @enum {string} */
            from: "header";
            header: string;
            name: string;
        } | {
            /** @enum {string} */
            from: "regex";
            /** @default 1 */
            group?: number;
            name: string;
            pattern: string;
        };
        ChangePasswordInput: {
            currentPassword: string;
            newPassword: components["schemas"]["PasswordInput"];
        };
        ChangeRole: {
            role: components["schemas"]["Role"];
        };
        Check: {
            equals: number;
            /** @enum {string} */
            type: "status";
        } | {
            /** @enum {string} */
            type: "bodyContains";
            value: string;
        } | {
            equals: string | number | boolean | (null);
            path: components["schemas"]["JsonPath"];
            /** @enum {string} */
            type: "jsonPath";
        };
        CheckInput: {
            equals: number;
            /** @enum {string} */
            type: "status";
        } | {
            /** @enum {string} */
            type: "bodyContains";
            value: string;
        } | {
            equals: string | number | boolean | (null);
            path: components["schemas"]["JsonPath"];
            /** @enum {string} */
            type: "jsonPath";
        };
        CompareQueryInput: {
            base: string;
            head: string;
        };
        ComparisonCharts: {
            base: {
                phases: {
                    name: string;
                    points: components["schemas"]["ComparisonPoint"][];
                }[];
                whole: components["schemas"]["ComparisonPoint"][];
            };
            head: {
                phases: {
                    name: string;
                    points: components["schemas"]["ComparisonPoint"][];
                }[];
                whole: components["schemas"]["ComparisonPoint"][];
            };
        };
        ComparisonPoint: {
            elapsed: number;
            p50: number | null;
            p95: number | null;
            rps: number;
        };
        Compliance: {
            share: number;
        };
        CreateApiKeyInput: {
            expiresInDays?: number;
            name: string;
            role: components["schemas"]["Role"];
        };
        CreatedApiKey: {
            key: components["schemas"]["ApiKeyView"];
            secret: string;
        };
        CreatedInvite: {
            invite: components["schemas"]["InviteView"];
            token: string;
            url: string;
        };
        CreatedShare: {
            share: components["schemas"]["ShareView"];
            token: string;
            url: string;
        };
        CreatedTarget: {
            baseUrl: string;
            createdAt: string;
            headerNames: string[];
            id: string;
            name: string;
            /** @enum {string} */
            protocol: "http" | "ws" | "grpc";
            unverifiedLimits: {
                maxDurationSeconds: number;
                maxVus: number;
            } | null;
            variableNames: string[];
            verification: components["schemas"]["TargetVerification"];
            verified: boolean;
            warnings: components["schemas"]["TargetWarning"][];
        };
        CreatedTrigger: {
            token: string;
            trigger: components["schemas"]["TriggerView"];
            url: string;
        };
        CreateInviteInput: {
            email?: components["schemas"]["EmailInput"];
            /** @default 72 */
            expiresInHours?: number;
            role: components["schemas"]["Role"];
        };
        CreateMetricSourceInput: {
            auth?: components["schemas"]["SourceAuthInput"];
            cpuCores?: number;
            /** @enum {string} */
            kind: "scrape";
            name: components["schemas"]["SourceName"];
            /**
             * @default [
             *       "process"
             *     ]
             */
            presets?: ("process" | "node" | "container" | "postgres" | "redis" | "queue" | "http")[];
            /** @default [] */
            selectors?: components["schemas"]["SeriesSelector"][];
            /** Format: uri */
            url: string;
        } | {
            auth?: components["schemas"]["SourceAuthInput"];
            cpuCores?: number;
            /** @enum {string} */
            kind: "promql";
            name: components["schemas"]["SourceName"];
            queries: components["schemas"]["PromqlQueryInput"][];
            /** @default 1 */
            stepSeconds?: number;
            /** Format: uri */
            url: string;
        };
        CreateOrganizationInput: {
            name: string;
        };
        CreatePlanInput: {
            /** @default [] */
            data?: components["schemas"]["DataUseInput"][];
            grpc?: components["schemas"]["GrpcSettingsInput"];
            name: components["schemas"]["PlanNameInput"];
            scenarios?: components["schemas"]["ScenarioInput"][];
            script?: components["schemas"]["CustomScriptInput"];
            /** @default 1 */
            segments?: number;
            targetId: string;
            /** @default [] */
            thresholds?: components["schemas"]["ThresholdInput"][];
        };
        CreateScheduleInput: {
            cron: components["schemas"]["CronInput"];
            /** @default true */
            enabled?: boolean;
            /** @default {} */
            labels?: components["schemas"]["RunLabels"];
            /**
             * @default SKIP
             * @enum {string}
             */
            missedPolicy?: "SKIP" | "RUN_ONCE";
            /**
             * @default SKIP
             * @enum {string}
             */
            overlapPolicy?: "SKIP" | "RUN";
            /** @default null */
            targetId?: components["schemas"]["RunTargetIdInput"] | null;
            /** @default UTC */
            timezone?: components["schemas"]["TimezoneInput"];
        };
        CreateShareInput: {
            /** @default 30 */
            expiresInDays?: number;
        };
        CreateTargetInput: {
            baseUrl: components["schemas"]["BaseUrl"];
            /** @default {} */
            headers?: {
                [key: string]: string;
            };
            name: string;
            /** @default {} */
            variables?: {
                [key: string]: string;
            };
        };
        CreateTrendShareInput: {
            /** @default 30 */
            expiresInDays?: number;
            targetId?: components["schemas"]["RunTargetIdInput"];
        };
        CreateTriggerInput: {
            /** @default {} */
            labels?: components["schemas"]["RunLabels"];
            /** @default deploy hook */
            name?: string;
            /** @default null */
            targetId?: components["schemas"]["RunTargetIdInput"] | null;
        };
        CreateWebhookInput: {
            /** @default  */
            description?: string;
            /** @default true */
            enabled?: boolean;
            /**
             * @default [
             *       "run.finished",
             *       "run.failed",
             *       "run.errored",
             *       "run.inconclusive"
             *     ]
             */
            events?: ("run.started" | "run.finished" | "run.failed" | "run.errored" | "run.inconclusive" | "schedule.skipped" | "plan.regression")[];
            url: components["schemas"]["WebhookUrl"];
        };
        CronInput: string;
        CustomMetricSummary: {
            avg: number;
            /**
             * @default default
             * @enum {string}
             */
            contains: "default" | "time" | "data";
            count: number;
            histogram: components["schemas"]["Histogram"];
            max: number;
            med: number;
            min: number;
            name: string;
            negative?: components["schemas"]["Histogram"];
            p90: number;
            p95: number;
            p99: number;
            /** @enum {string} */
            type: "trend";
        } | {
            /**
             * @default default
             * @enum {string}
             */
            contains: "default" | "time" | "data";
            count: number;
            name: string;
            rate: number;
            /** @enum {string} */
            type: "counter";
        } | {
            name: string;
            passes: number;
            rate: number;
            total: number;
            /** @enum {string} */
            type: "rate";
        } | {
            /**
             * @default default
             * @enum {string}
             */
            contains: "default" | "time" | "data";
            max: number;
            min: number;
            name: string;
            /** @enum {string} */
            type: "gauge";
            value: number;
        };
        CustomScript: {
            requirements?: {
                durationSeconds: number;
                k6Thresholds?: components["schemas"]["K6Thresholds"];
                maxVUs: number;
            };
            source: string;
        };
        CustomScriptInput: {
            requirements?: {
                durationSeconds: number;
                k6Thresholds?: components["schemas"]["K6ThresholdsInput"];
                maxVUs: number;
            };
            source: string;
        };
        CustomStat: string;
        Dashboard: {
            plans: {
                id: string;
                latest: {
                    createdAt: string;
                    runId: string;
                    /** @enum {string} */
                    status: "QUEUED" | "STARTING" | "RUNNING" | "FINISHING" | "PASSED" | "FAILED" | "INCONCLUSIVE" | "ERRORED" | "CANCELLED";
                    /** @enum {string|null} */
                    verdict: "PASS" | "FAIL" | "INCONCLUSIVE" | null;
                } | null;
                name: string;
                p95: (number | null)[];
                version: number;
            }[];
            recentRuns: components["schemas"]["Run"][];
            /** @default [] */
            regressions: {
                change: components["schemas"]["TrendChange"];
                confirmedBy: {
                    at: string;
                    runId: string;
                };
                planId: string;
                planName: string;
            }[];
        };
        DataColumn: {
            name: components["schemas"]["DataColumnName"];
            secret: boolean;
        };
        DataColumnName: string;
        DataSetName: string;
        DataSetPreview: {
            columns: components["schemas"]["DataColumn"][];
            rowCount: number;
            rows: string[][];
            version: number;
        };
        DataSetUploadQueryInput: {
            secret?: string;
        };
        DataSetVersionQueryInput: {
            version?: number;
        };
        DataSetVersions: {
            items: components["schemas"]["DataSetVersionView"][];
        };
        DataSetVersionView: {
            bytes: number;
            columns: components["schemas"]["DataColumn"][];
            createdAt: string;
            /** @enum {string} */
            format: "csv" | "json";
            rowCount: number;
            version: number;
        };
        DataSetView: {
            createdAt: string;
            id: string;
            latest: components["schemas"]["DataSetVersionView"];
            name: components["schemas"]["DataSetName"];
            updatedAt: string;
            versions: number;
        };
        DataUse: {
            /** @enum {string} */
            mode: "unique" | "per-vu" | "sequential" | "random";
            set: components["schemas"]["DataSetName"];
            version?: number;
            /**
             * @default stop
             * @enum {string}
             */
            whenExhausted: "stop" | "wrap";
        };
        DataUseInput: {
            /** @enum {string} */
            mode: "unique" | "per-vu" | "sequential" | "random";
            set: components["schemas"]["DataSetName"];
            version?: number;
            /**
             * @default stop
             * @enum {string}
             */
            whenExhausted?: "stop" | "wrap";
        };
        DeleteOrganizationInput: {
            confirmSlug: string;
        };
        Diagnostic: {
            affects: ("latency" | "error_rate" | "rps" | "check_rate" | "status_share" | "count" | "custom")[];
            /** @enum {string} */
            code: "GENERATOR_SATURATED" | "DROPPED_ITERATIONS" | "ARRIVAL_RATE_SHORTFALL" | "RATE_LIMITED" | "CONFIGURATION_ERRORS" | "CONNECTION_ERRORS" | "TOO_FEW_SAMPLES" | "PARTIAL_DATA" | "SEGMENT_START_SKEW" | "DATA_EXHAUSTED";
            evidence: {
                [key: string]: number | string;
            };
            madeInconclusive?: number[];
            message: string;
            request?: string;
            scenario?: string;
            /** @enum {string} */
            severity: "warning" | "critical";
            thresholdIndex?: number;
        };
        Duration: string;
        /** Format: email */
        EmailInput: string;
        ErrorBody: {
            error: {
                code: string;
                details: components["schemas"]["ErrorDetail"][];
                message: string;
                requestId?: string;
            };
        };
        ErrorDetail: {
            column?: string;
            line?: number;
            message: string;
            path: string;
            row?: number;
        };
        ExportQueryInput: {
            /**
             * @default json
             * @enum {string}
             */
            format?: "json" | "csv" | "junit";
        };
        FireTriggerInput: {
            baseUrl?: components["schemas"]["BaseUrl"];
            labels?: components["schemas"]["RunLabels"];
            variables?: {
                [key: string]: string;
            };
        };
        GrpcSettings: {
            proto?: string;
            /** @default false */
            reflection: boolean;
        };
        GrpcSettingsInput: {
            proto?: string;
            /** @default false */
            reflection?: boolean;
        };
        GrpcStep: {
            /**
             * @default [
             *       0
             *     ]
             */
            expectCodes: number[];
            /** @default {} */
            message: {
                [key: string]: unknown;
            };
            /** @default {} */
            metadata: {
                [key: string]: string;
            };
            method: string;
            name: components["schemas"]["RequestName"];
            /** @enum {string} */
            protocol: "grpc";
            thinkTime?: components["schemas"]["ThinkTime"];
            /** @default 10s */
            timeout: components["schemas"]["Duration"];
            /** @default 1 */
            weight: number;
        };
        GrpcStepInput: {
            /**
             * @default [
             *       0
             *     ]
             */
            expectCodes?: number[];
            /** @default {} */
            message?: {
                [key: string]: unknown;
            };
            /** @default {} */
            metadata?: {
                [key: string]: string;
            };
            method: string;
            name: components["schemas"]["RequestName"];
            /** @enum {string} */
            protocol: "grpc";
            thinkTime?: components["schemas"]["ThinkTime"];
            /** @default 10s */
            timeout?: components["schemas"]["Duration"];
            /** @default 1 */
            weight?: number;
        };
        Health: {
            database: {
                ok: boolean;
            };
            redis: {
                ok: boolean;
            };
            runners: {
                live: number;
            };
            /** @enum {string} */
            status: "ok" | "degraded";
            version: string;
        };
        Histogram: {
            bins: {
                [key: string]: number;
            };
            count: number;
            max: number;
            min: number;
            /** @enum {number} */
            relativeAccuracy: 0.005;
            sum: number;
            zeroCount: number;
        };
        HttpStep: {
            body?: components["schemas"]["RequestBody"];
            /** @default [] */
            captures: components["schemas"]["Capture"][];
            /** @default [] */
            checks: components["schemas"]["Check"][];
            expect?: {
                status: number[];
            };
            /** @default {} */
            headers: {
                [key: string]: string;
            };
            /**
             * @default GET
             * @enum {string}
             */
            method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE" | "HEAD" | "OPTIONS";
            name: components["schemas"]["RequestName"];
            /** Format: starts_with */
            path: string;
            /** @enum {string} */
            protocol: "http";
            /** @default {} */
            query: {
                [key: string]: string;
            };
            thinkTime?: components["schemas"]["ThinkTime"];
            /** @default 1 */
            weight: number;
        };
        HttpStepInput: {
            body?: components["schemas"]["RequestBodyInput"];
            /** @default [] */
            captures?: components["schemas"]["CaptureInput"][];
            /** @default [] */
            checks?: components["schemas"]["CheckInput"][];
            expect?: {
                status: number[];
            };
            /** @default {} */
            headers?: {
                [key: string]: string;
            };
            /**
             * @default GET
             * @enum {string}
             */
            method?: "GET" | "POST" | "PUT" | "PATCH" | "DELETE" | "HEAD" | "OPTIONS";
            name: components["schemas"]["RequestName"];
            /** Format: starts_with */
            path: string;
            /** @enum {string} */
            protocol: "http";
            /** @default {} */
            query?: {
                [key: string]: string;
            };
            thinkTime?: components["schemas"]["ThinkTime"];
            /** @default 1 */
            weight?: number;
        };
        ImportedPlan: {
            draft: {
                name: string;
                spec: components["schemas"]["PlanSpec"];
            };
            suggestedBaseUrl: string | null;
            warnings: string[];
        };
        ImportPlanInput: {
            content: string;
            /** @enum {string} */
            format: "openapi" | "har" | "curl";
            name?: components["schemas"]["PlanNameInput"];
        };
        InvitationPreview: {
            email: string | null;
            expiresAt: string;
            invitedBy: string | null;
            organization: {
                name: string;
            };
            role: components["schemas"]["Role"];
        };
        InviteView: {
            createdAt: string;
            createdBy: string | null;
            email: string | null;
            expiresAt: string;
            id: string;
            role: components["schemas"]["Role"];
        };
        IssuedPasswordReset: {
            reset: components["schemas"]["PasswordResetView"];
            token: string;
            url: string;
        };
        JsonPath: string;
        K6Thresholds: {
            [key: string]: (string | {
                abortOnFail?: boolean;
                delayAbortEval?: (string | number) | null;
                threshold: string;
            })[];
        };
        K6ThresholdsInput: {
            [key: string]: (string | {
                abortOnFail?: boolean;
                delayAbortEval?: (string | number) | null;
                threshold: string;
            })[];
        };
        LabelFilterInput: string;
        LatencyStats: {
            avg: number;
            intervals?: {
                p50: {
                    high: number;
                    low: number;
                };
                p90: {
                    high: number;
                    low: number;
                };
                p95: {
                    high: number;
                    low: number;
                };
                p99: {
                    high: number;
                    low: number;
                };
            };
            max: number;
            min: number;
            p50: number;
            p90: number;
            p95: number;
            p99: number;
            samples?: number;
        };
        Liveness: {
            /** @enum {string} */
            status: "ok";
            version: string;
        };
        LoadProfile: {
            duration: components["schemas"]["Duration"];
            /** @enum {string} */
            executor: "constant-vus";
            vus: number;
        } | {
            /** @enum {string} */
            executor: "ramping-vus";
            /** @default 10s */
            gracefulRampDown: components["schemas"]["Duration"];
            stages: {
                duration: components["schemas"]["Duration"];
                target: number;
            }[];
            /** @default 0 */
            startVUs: number;
        } | {
            duration: components["schemas"]["Duration"];
            /** @enum {string} */
            executor: "constant-arrival-rate";
            maxVUs?: number;
            preAllocatedVUs: number;
            rate: number;
            /** @default 1s */
            timeUnit: components["schemas"]["Duration"];
        } | {
            /** @enum {string} */
            executor: "ramping-arrival-rate";
            maxVUs?: number;
            preAllocatedVUs: number;
            stages: {
                duration: components["schemas"]["Duration"];
                target: number;
            }[];
            /** @default 0 */
            startRate: number;
            /** @default 1s */
            timeUnit: components["schemas"]["Duration"];
        } | {
            /** @enum {string} */
            executor: "per-vu-iterations";
            iterations: number;
            /** @default 10m */
            maxDuration: components["schemas"]["Duration"];
            vus: number;
        } | {
            /** @enum {string} */
            executor: "shared-iterations";
            iterations: number;
            /** @default 10m */
            maxDuration: components["schemas"]["Duration"];
            vus: number;
        };
        LoadProfileInput: {
            duration: components["schemas"]["Duration"];
            /** @enum {string} */
            executor: "constant-vus";
            vus: number;
        } | {
            /** @enum {string} */
            executor: "ramping-vus";
            /** @default 10s */
            gracefulRampDown?: components["schemas"]["Duration"];
            stages: {
                duration: components["schemas"]["Duration"];
                target: number;
            }[];
            /** @default 0 */
            startVUs?: number;
        } | {
            duration: components["schemas"]["Duration"];
            /** @enum {string} */
            executor: "constant-arrival-rate";
            maxVUs?: number;
            preAllocatedVUs: number;
            rate: number;
            /** @default 1s */
            timeUnit?: components["schemas"]["Duration"];
        } | {
            /** @enum {string} */
            executor: "ramping-arrival-rate";
            maxVUs?: number;
            preAllocatedVUs: number;
            stages: {
                duration: components["schemas"]["Duration"];
                target: number;
            }[];
            /** @default 0 */
            startRate?: number;
            /** @default 1s */
            timeUnit?: components["schemas"]["Duration"];
        } | {
            /** @enum {string} */
            executor: "per-vu-iterations";
            iterations: number;
            /** @default 10m */
            maxDuration?: components["schemas"]["Duration"];
            vus: number;
        } | {
            /** @enum {string} */
            executor: "shared-iterations";
            iterations: number;
            /** @default 10m */
            maxDuration?: components["schemas"]["Duration"];
            vus: number;
        };
        LoginInput: {
            email: components["schemas"]["EmailInput"];
            password: string;
        };
        MembershipView: {
            id: string;
            name: string;
            role: components["schemas"]["Role"];
            slug: string;
        };
        MemberView: {
            joinedAt: string;
            role: components["schemas"]["Role"];
            user: components["schemas"]["UserView"];
        };
        MetricDelta: {
            base: number | null;
            /** @enum {string|null} */
            change: "improvement" | "regression" | "unchanged" | null;
            delta: number | null;
            deltaPct: number | null;
            head: number | null;
            /** @default null */
            interval: {
                high: number;
                low: number;
            } | null;
            metric: string;
        };
        MetricSourceView: {
            /** @enum {string} */
            authType: "none" | "bearer" | "basic";
            cpuCores: number | null;
            createdAt: string;
            id: string;
            /** @enum {string} */
            kind: "scrape" | "promql";
            name: string;
            presets: ("process" | "node" | "container" | "postgres" | "redis" | "queue" | "http")[];
            queries: components["schemas"]["PromqlQuery"][];
            selectors: string[];
            stepSeconds: number | null;
            targetId: string;
            url: string;
        };
        MeView: {
            organizations: components["schemas"]["MembershipView"][];
            role: components["schemas"]["Role"];
            tenant: components["schemas"]["TenantView"];
            user: components["schemas"]["UserView"] | null;
            /** @enum {string} */
            via: "session" | "apiKey";
        };
        MovedWithLatency: {
            key: string;
            source: string;
            withErrors: number | null;
            withLatency: number;
        };
        OrganizationView: {
            ceilings: components["schemas"]["Quotas"];
            createdAt: string;
            id: string;
            name: string;
            quotas: components["schemas"]["Quotas"];
            slug: string;
        };
        PasswordInput: string;
        PasswordResetPreview: {
            email: string;
            expiresAt: string;
            organization: {
                name: string;
            };
        };
        PasswordResetView: {
            email: string;
            expiresAt: string;
            id: string;
            userId: string;
        };
        PlanBaseline: {
            message: string;
            pinned: {
                pinnedAt: string;
                runId: string;
            } | null;
            planId: string;
            /** @enum {string} */
            rule: "pinned" | "last-passed";
            runId: string | null;
            targetId: string;
        };
        PlanChange: {
            after?: unknown;
            before?: unknown;
            /** @enum {string} */
            kind: "added" | "removed" | "changed";
            path: string;
        };
        PlanDiff: {
            changes: components["schemas"]["PlanChange"][];
            from: number;
            to: number;
        };
        PlanDiffQuery: {
            from: components["schemas"]["PlanVersionNumber"];
            to?: components["schemas"]["PlanVersionNumber"];
        };
        PlanListQueryInput: {
            q?: string;
            targetId?: string;
        };
        PlanNameInput: string;
        PlanScript: {
            env: string[];
            filename: string;
            script: string;
            version: number;
        };
        PlanSpec: {
            /** @default [] */
            data: components["schemas"]["DataUse"][];
            grpc?: components["schemas"]["GrpcSettings"];
            /** @default [] */
            scenarios: components["schemas"]["Scenario"][];
            script?: components["schemas"]["CustomScript"];
            /** @default 1 */
            segments: number;
            /** @default [] */
            thresholds: components["schemas"]["Threshold"][];
        };
        PlanStep: components["schemas"]["HttpStep"] | components["schemas"]["WsStep"] | components["schemas"]["GrpcStep"];
        PlanTrend: {
            /** @default [] */
            changePoints: components["schemas"]["TrendChange"][];
            from: string | null;
            planName: string;
            points: components["schemas"]["TrendPoint"][];
            targetId: string;
            thresholds: components["schemas"]["Threshold"][];
            to: string | null;
        };
        PlanVersionNumber: number;
        PlanVersionQuery: {
            version?: components["schemas"]["PlanVersionNumber"];
        };
        PlanVersionSummary: {
            createdAt: string;
            createdBy: string | null;
            current: boolean;
            name: string;
            targetId: string;
            version: number;
        };
        PlanView: {
            createdAt: string;
            id: string;
            name: string;
            spec: components["schemas"]["PlanSpec"];
            targetId: string;
            updatedAt: string;
            version: number;
        };
        PromqlQuery: {
            expr: string;
            name: string;
            role?: string;
        };
        PromqlQueryInput: {
            expr: string;
            name: string;
            role?: string;
        };
        PublicRun: {
            /** @default null */
            baseline: {
                /** @enum {string} */
                rule: "pinned" | "last-passed";
            } | null;
            capacity: components["schemas"]["Capacity"] | null;
            createdAt: string;
            diagnostics: components["schemas"]["Diagnostic"][];
            error: {
                code: string;
                message: string;
            } | null;
            finishedAt: string | null;
            /** @default {} */
            labels: components["schemas"]["RunLabels"];
            partial: boolean;
            /** @default [] */
            phases: components["schemas"]["RunPhase"][];
            planName: string;
            plannedSeconds: number;
            planVersion: number;
            /** @default null */
            recovery: components["schemas"]["Recovery"] | null;
            /** @default [] */
            segmentDetails: components["schemas"]["SegmentView"][];
            segments: number;
            startedAt: string | null;
            /** @default null */
            startSpreadMs: number | null;
            /** @enum {string} */
            status: "QUEUED" | "STARTING" | "RUNNING" | "FINISHING" | "PASSED" | "FAILED" | "INCONCLUSIVE" | "ERRORED" | "CANCELLED";
            summary: components["schemas"]["RunSummary"] | null;
            telemetry?: components["schemas"]["TelemetryReport"] | null;
            thresholds: components["schemas"]["ThresholdResult"][];
            /** @enum {string} */
            trigger: "MANUAL" | "API" | "SCHEDULE" | "WEBHOOK";
            /** @enum {string|null} */
            verdict: "PASS" | "FAIL" | "INCONCLUSIVE" | null;
        };
        PublicShare: {
            expiresAt: string | null;
            /** @enum {string} */
            kind: "run";
            run: components["schemas"]["PublicRun"];
            series: {
                percentileRelativeError: number;
                points: components["schemas"]["SeriesPoint"][];
            };
            telemetry?: components["schemas"]["RunTelemetry"] | null;
        } | {
            expiresAt: string | null;
            /** @enum {string} */
            kind: "trend";
            trend: components["schemas"]["PublicTrend"];
        };
        PublicTrend: {
            /** @default [] */
            changePoints: {
                after: number;
                at: string;
                before: number;
                pValue: number;
                regression: boolean;
                request?: string;
                /** @enum {string} */
                stat: "p50" | "p95" | "p99" | "errorRate" | "rps";
                step: number | null;
            }[];
            from: string | null;
            planName: string;
            points: {
                createdAt: string;
                /** @default false */
                doubtful: boolean;
                /** @default {} */
                labels: components["schemas"]["RunLabels"];
                overall: components["schemas"]["TrendFigures"];
                planVersion: number;
                requests: {
                    [key: string]: components["schemas"]["TrendFigures"];
                };
                /** @enum {string} */
                status: "QUEUED" | "STARTING" | "RUNNING" | "FINISHING" | "PASSED" | "FAILED" | "INCONCLUSIVE" | "ERRORED" | "CANCELLED";
                /** @default [] */
                telemetry: components["schemas"]["SourceFigures"][];
                /** @enum {string|null} */
                verdict: "PASS" | "FAIL" | "INCONCLUSIVE" | null;
                verdictChanged: boolean;
            }[];
            thresholds: components["schemas"]["Threshold"][];
            to: string | null;
        };
        Quotas: {
            maxConcurrentRuns: number;
            maxRunDurationSeconds: number;
            maxVusPerRun: number;
            monthlyVuMinutes: number;
        };
        Readiness: {
            database: {
                ok: boolean;
            };
            redis: {
                ok: boolean;
            };
            /** @enum {string} */
            status: "ok" | "degraded";
            version: string;
        };
        Recovery: {
            fellBackAt: number;
            margin: string;
            preSpike: {
                errorRate: number;
                p95: number;
                requests: number;
            };
            recoveredAfter: number | null;
            statement: string;
        };
        RelativeJudgement: {
            base: number | null;
            baselineRunId: string | null;
            head: number | null;
            interval: {
                high: number;
                low: number;
            } | null;
            ratio: number | null;
            /** @enum {number} */
            v: 1;
        };
        RequestBody: {
            json: unknown;
            /** @enum {string} */
            type: "json";
        } | {
            contentType?: string;
            text: string;
            /** @enum {string} */
            type: "text";
        } | {
            fields: {
                [key: string]: string;
            };
            /** @enum {string} */
            type: "form";
        };
        RequestBodyInput: {
            json: unknown;
            /** @enum {string} */
            type: "json";
        } | {
            contentType?: string;
            text: string;
            /** @enum {string} */
            type: "text";
        } | {
            fields: {
                [key: string]: string;
            };
            /** @enum {string} */
            type: "form";
        };
        RequestName: string;
        ResetPassword: {
            password: components["schemas"]["PasswordInput"];
        };
        ResponseBytesStats: {
            avg: number;
            max: number;
            p95: number;
        };
        /** @enum {string} */
        Role: "OWNER" | "ADMIN" | "MEMBER" | "VIEWER";
        Run: {
            /** @default null */
            baseline: {
                /** @enum {string} */
                rule: "pinned" | "last-passed";
                runId: string;
            } | null;
            cancelRequestedAt: string | null;
            capacity: components["schemas"]["Capacity"] | null;
            createdAt: string;
            diagnostics: components["schemas"]["Diagnostic"][];
            error: {
                code: string;
                message: string;
            } | null;
            finishedAt: string | null;
            id: string;
            /** @default {} */
            labels: components["schemas"]["RunLabels"];
            /** @default null */
            manifest: components["schemas"]["RunManifestView"] | null;
            partial: boolean;
            planId: string;
            planName: string;
            plannedSeconds: number;
            planVersion: number;
            /** @default null */
            queue: components["schemas"]["RunQueueView"] | null;
            /** @default null */
            recovery: components["schemas"]["Recovery"] | null;
            /** @default [] */
            segmentDetails: components["schemas"]["SegmentView"][];
            segments: number;
            startedAt: string | null;
            /** @default null */
            startSpreadMs: number | null;
            /** @enum {string} */
            status: "QUEUED" | "STARTING" | "RUNNING" | "FINISHING" | "PASSED" | "FAILED" | "INCONCLUSIVE" | "ERRORED" | "CANCELLED";
            summary: components["schemas"]["RunSummary"] | null;
            targetId: string;
            telemetry?: components["schemas"]["TelemetryReport"] | null;
            thresholds: components["schemas"]["ThresholdResult"][];
            /** @enum {string} */
            trigger: "MANUAL" | "API" | "SCHEDULE" | "WEBHOOK";
            /** @enum {string|null} */
            verdict: "PASS" | "FAIL" | "INCONCLUSIVE" | null;
        };
        RunBaseline: {
            baseline: {
                createdAt: string;
                /** @enum {string} */
                rule: "pinned" | "last-passed";
                runId: string;
            } | null;
            comparison: components["schemas"]["RunComparison"] | null;
            message: string;
            runId: string;
        };
        RunComparison: {
            base: {
                createdAt: string;
                planName: string;
                planVersion: number;
                runId: string;
                verdict: string | null;
            };
            /** @default null */
            charts: components["schemas"]["ComparisonCharts"] | null;
            /** @default [] */
            customMetrics: {
                inBase: boolean;
                inHead: boolean;
                metrics: components["schemas"]["MetricDelta"][];
                name: string;
                /** @enum {string} */
                type: "trend" | "counter" | "rate" | "gauge";
            }[];
            head: {
                createdAt: string;
                planName: string;
                planVersion: number;
                runId: string;
                verdict: string | null;
            };
            /** @default null */
            noise: {
                /** @default null */
                assumedLatencySpread: number | null;
                confidence: number;
                /** @default null */
                history: {
                    runs: number;
                } | null;
                /** @enum {string} */
                method: "moving-block bootstrap over seconds" | "paired moving-block bootstrap over the same points of the load profile";
                resamples: number;
                seconds: {
                    base: number;
                    head: number;
                };
            } | null;
            overall: components["schemas"]["MetricDelta"][];
            /** @default [] */
            phases: {
                metrics: components["schemas"]["MetricDelta"][];
                name: string;
                paired: boolean;
                sameLoad: boolean;
            }[];
            requests: {
                inBase: boolean;
                inHead: boolean;
                metrics: components["schemas"]["MetricDelta"][];
                name: string;
            }[];
            /**
             * @default {
             *       "sources": []
             *     }
             */
            telemetry: components["schemas"]["TelemetryComparison"];
            warnings: {
                code: string;
                message: string;
            }[];
        };
        RunDataUse: {
            /** @enum {string|null} */
            exhausted: "stopped" | "wrapped" | null;
            /** @enum {string} */
            mode: "unique" | "per-vu" | "sequential" | "random";
            rows: number;
            rowsUsed: number | null;
            set: components["schemas"]["DataSetName"];
            version: number;
            /** @enum {string} */
            whenExhausted: "stop" | "wrap";
        };
        RunLabels: {
            [key: string]: components["schemas"]["RunLabelValue"];
        };
        RunLabelValue: string;
        RunLabelValueInput: string;
        RunListFigures: {
            errorRate: number;
            p50: number | null;
            p95: number | null;
            p99: number | null;
            requests: number;
            rps: number;
        };
        RunListItem: {
            /** @default null */
            baseline: {
                /** @enum {string} */
                rule: "pinned" | "last-passed";
                runId: string;
            } | null;
            cancelRequestedAt: string | null;
            createdAt: string;
            error: {
                code: string;
                message: string;
            } | null;
            figures: components["schemas"]["RunListFigures"] | null;
            finishedAt: string | null;
            id: string;
            /** @default {} */
            labels: components["schemas"]["RunLabels"];
            partial: boolean;
            planId: string;
            planName: string;
            planVersion: number;
            segments: number;
            startedAt: string | null;
            /** @enum {string} */
            status: "QUEUED" | "STARTING" | "RUNNING" | "FINISHING" | "PASSED" | "FAILED" | "INCONCLUSIVE" | "ERRORED" | "CANCELLED";
            targetId: string;
            /** @enum {string} */
            trigger: "MANUAL" | "API" | "SCHEDULE" | "WEBHOOK";
            /** @enum {string|null} */
            verdict: "PASS" | "FAIL" | "INCONCLUSIVE" | null;
        };
        RunListQueryInput: {
            before?: string;
            /** Format: date-time */
            from?: string;
            label?: components["schemas"]["LabelFilterInput"];
            /** @default 50 */
            limit?: number;
            planId?: string;
            /** @enum {string} */
            status?: "QUEUED" | "STARTING" | "RUNNING" | "FINISHING" | "PASSED" | "FAILED" | "INCONCLUSIVE" | "ERRORED" | "CANCELLED";
            targetId?: string;
            /** Format: date-time */
            to?: string;
            /** @enum {string} */
            verdict?: "PASS" | "FAIL" | "INCONCLUSIVE";
        };
        RunManifestView: {
            data?: components["schemas"]["RunDataUse"][];
            dataUsage?: {
                [key: string]: components["schemas"]["SegmentDataUsage"][];
            };
            load: {
                load: {
                    [key: string]: unknown;
                };
                scenario: string;
                startTime?: string;
            }[];
            loadline: string;
            plan: {
                hash: string;
                id: string;
                version: number;
            };
            runners: {
                image: string | null;
                k6: string | null;
                loadline: string;
                segment: number;
            }[];
            scriptHash: string | null;
            segments: number;
            target: {
                addresses: string[];
                baseUrl: string;
                id: string;
            };
            /** @enum {number} */
            v: 1;
        };
        RunnersView: {
            ceiling: number | null;
            free: number;
            online: number;
        };
        RunPhase: {
            from: number;
            name: string;
            to: number;
        };
        RunQueueView: {
            giveUpAt: string | null;
            message: string;
            runnersFree: number;
            runnersNeeded: number;
            runnersOnline: number;
            runsAhead: number;
            /** @enum {string} */
            state: "waiting" | "starting";
        };
        RunSeries: {
            percentileRelativeError: number;
            points: components["schemas"]["SeriesPoint"][];
            runId: string;
        };
        RunSummary: {
            checks: {
                fails: number;
                name: string;
                passes: number;
            }[];
            /** @default [] */
            customMetrics: components["schemas"]["CustomMetricSummary"][];
            droppedIterations: number;
            durationSeconds: number;
            iterations: number;
            overall: {
                bytesReceived: number;
                bytesSent: number;
                count: number;
                /** @default {} */
                errorCodes: {
                    [key: string]: number;
                };
                errorRate: number;
                errors: number;
                latency: components["schemas"]["LatencyStats"] | null;
                messagesReceived?: number;
                messagesSent?: number;
                /** @default null */
                responseBytes: components["schemas"]["ResponseBytesStats"] | null;
                rps: number;
                statusCounts: {
                    [key: string]: number;
                };
            };
            percentileRelativeError: number;
            requests: {
                count: number;
                /** @default {} */
                errorCodes: {
                    [key: string]: number;
                };
                errorRate: number;
                errors: number;
                latency: components["schemas"]["LatencyStats"] | null;
                name: string;
                /** @default null */
                responseBytes: components["schemas"]["ResponseBytesStats"] | null;
                rps: number;
                statusCounts: {
                    [key: string]: number;
                };
            }[];
            /** @default [] */
            scenarios: {
                count: number;
                /** @default {} */
                errorCodes: {
                    [key: string]: number;
                };
                errorRate: number;
                errors: number;
                latency: components["schemas"]["LatencyStats"] | null;
                name: string;
                /** @default null */
                responseBytes: components["schemas"]["ResponseBytesStats"] | null;
                rps: number;
                statusCounts: {
                    [key: string]: number;
                };
            }[];
            /** @default 0 */
            vusAllocated: number;
            vusMax: number;
        };
        RunTargetIdInput: string;
        RunTelemetry: {
            sources: components["schemas"]["RunTelemetrySource"][];
        };
        RunTelemetrySource: {
            cpuCores: number | null;
            errors: {
                /** @enum {string} */
                code: "REFUSED" | "TIMEOUT" | "TOO_LARGE" | "REDIRECT" | "BAD_STATUS" | "PARSE" | "TOO_MANY_SERIES" | "NOT_ALLOWED" | "QUERY";
                message: string;
                t: number;
            }[];
            /** @enum {string} */
            kind: "scrape" | "promql";
            series: {
                key: string;
                /** @enum {string} */
                kind: "gauge" | "rate" | "p95";
                /** @enum {string} */
                role?: "cpu_cores" | "cpu_limit_cores" | "memory_bytes" | "memory_limit_bytes" | "start_time" | "open_fds" | "max_fds" | "pool_in_use" | "pool_max" | "queue_depth" | "queue_processed_rate" | "queue_enqueued_rate" | "load1" | "http_rps" | "http_p95_seconds";
                /**
                 * @default none
                 * @enum {string}
                 */
                unit: "cores" | "bytes" | "seconds" | "per_second" | "count" | "ratio" | "none";
                values: (number | null)[];
            }[];
            source: string;
            t: number[];
        };
        Scenario: {
            /**
             * @default weighted
             * @enum {string}
             */
            flow: "weighted" | "sequence";
            /** @default 30s */
            gracefulStop: components["schemas"]["Duration"];
            load: components["schemas"]["LoadProfile"];
            name: components["schemas"]["ScenarioName"];
            requests: components["schemas"]["PlanStep"][];
            /** @default 0s */
            startTime: components["schemas"]["Duration"];
            thinkTime?: components["schemas"]["ThinkTime"];
        };
        ScenarioInput: {
            /**
             * @default weighted
             * @enum {string}
             */
            flow?: "weighted" | "sequence";
            /** @default 30s */
            gracefulStop?: components["schemas"]["Duration"];
            load: components["schemas"]["LoadProfileInput"];
            name: components["schemas"]["ScenarioName"];
            requests: components["schemas"]["PlanStep"][];
            /** @default 0s */
            startTime?: components["schemas"]["Duration"];
            thinkTime?: components["schemas"]["ThinkTime"];
        };
        ScenarioName: string;
        ScheduleSlotView: {
            createdAt: string;
            detail: string | null;
            /** @enum {string} */
            outcome: "PENDING" | "RAN" | "SKIPPED_OVERLAP" | "SKIPPED_MISSED" | "SKIPPED_QUOTA" | "SKIPPED_ERROR";
            runId: string | null;
            slotAt: string;
        };
        ScheduleView: {
            createdAt: string;
            cron: string;
            enabled: boolean;
            id: string;
            /** @default {} */
            labels: components["schemas"]["RunLabels"];
            /** @enum {string} */
            missedPolicy: "SKIP" | "RUN_ONCE";
            nextFireTimes: string[];
            /** @enum {string} */
            overlapPolicy: "SKIP" | "RUN";
            planId: string;
            /** @default null */
            targetId: string | null;
            timezone: string;
        };
        ScriptCheck: {
            durationSeconds: number;
            maxVUs: number;
            /** @enum {boolean} */
            ok: true;
            thresholds: components["schemas"]["Threshold"][];
        } | {
            column?: number;
            line?: number;
            message: string;
            /** @enum {boolean} */
            ok: false;
            unsupportedThresholds?: {
                expression: string;
                metric: string;
                reason: string;
            }[];
        };
        ScriptInspectPayloadInput: {
            source: string;
        };
        SegmentDataUsage: {
            /** @enum {string|null} */
            exhausted: "stopped" | "wrapped" | null;
            rowsUsed: number | null;
            set: components["schemas"]["DataSetName"];
        };
        SegmentHealth: {
            deliveredShare: number | null;
            droppedIterations: number;
            hostCpuMax: number | null;
            iterations: number;
            k6CpuAvg: number | null;
            k6CpuMax: number | null;
            requests: number;
            rps: number;
            runnerRssMbMax: number | null;
            seconds: number;
            /** @enum {number} */
            v: 1;
        };
        SegmentView: {
            error: {
                code: string;
                message: string;
            } | null;
            finishedAt: string | null;
            health: components["schemas"]["SegmentHealth"] | null;
            index: number;
            runnerId: string | null;
            startedAt: string | null;
            /** @enum {string} */
            status: "QUEUED" | "STARTING" | "RUNNING" | "COMPLETED" | "ERRORED" | "CANCELLED";
        };
        SeriesPoint: {
            droppedIterations: number;
            elapsed: number;
            errorRate: number;
            errors: number;
            generatorCpu: number | null;
            p50: number | null;
            p90: number | null;
            p95: number | null;
            p99: number | null;
            requests: {
                [key: string]: {
                    count: number;
                    errors: number;
                    p50: number | null;
                    p90: number | null;
                    p95: number | null;
                    p99: number | null;
                };
            };
            rps: number;
            t: number;
            vus: number;
        };
        SeriesSelector: string;
        SessionListItem: {
            createdAt: string;
            current: boolean;
            expiresAt: string;
            id: string;
            ip: string | null;
            lastUsedAt: string | null;
            userAgent: string | null;
        };
        SessionView: {
            role: components["schemas"]["Role"];
            tenant: components["schemas"]["TenantView"];
            token?: string;
            user: components["schemas"]["UserView"];
        };
        SetBaselineInput: {
            runId: string;
        };
        ShareView: {
            createdAt: string;
            createdBy: string | null;
            expiresAt: string;
            id: string;
            /** @enum {string} */
            kind: "run" | "trend";
            planId: string | null;
            revokedAt: string | null;
            runId: string | null;
            /** @default null */
            targetId: string | null;
            title: string;
        };
        SignupInput: {
            email?: components["schemas"]["EmailInput"];
            inviteToken?: string;
            name: string;
            organizationName?: string;
            password: components["schemas"]["PasswordInput"];
        };
        SourceAuthInput: {
            token: string;
            /** @enum {string} */
            type: "bearer";
        } | {
            password: string;
            /** @enum {string} */
            type: "basic";
            username: string;
        };
        SourceComparison: {
            coverage: {
                base: number | null;
                head: number | null;
            };
            figures: components["schemas"]["TelemetryFigureDelta"][];
            inBase: boolean;
            inHead: boolean;
            source: string;
        };
        SourceFigures: {
            backlogGrowthPerSecond: number | null;
            coverage: number;
            cpuSecondsPer1kRequests: number | null;
            peakCpuCores: number | null;
            peakCpuShare: number | null;
            peakMemoryBytes: number | null;
            restarts: number;
            source: string;
        };
        SourceName: string;
        StartRun: {
            labels?: components["schemas"]["RunLabels"];
            targetId?: components["schemas"]["RunTargetIdInput"];
        };
        StatusClass: string;
        StopRule: {
            after: components["schemas"]["Duration"];
        };
        SwitchOrganizationInput: {
            organizationId: string;
        };
        TargetVerification: {
            addresses: string[];
            dnsName: string | null;
            httpUrl: string | null;
            /** @enum {string|null} */
            method: "http" | "dns" | null;
            value: string;
            verified: boolean;
            verifiedAt: string | null;
        };
        TargetView: {
            baseUrl: string;
            createdAt: string;
            headerNames: string[];
            id: string;
            name: string;
            /** @enum {string} */
            protocol: "http" | "ws" | "grpc";
            unverifiedLimits: {
                maxDurationSeconds: number;
                maxVus: number;
            } | null;
            variableNames: string[];
            verification: components["schemas"]["TargetVerification"];
            verified: boolean;
        };
        TargetWarning: {
            /** @enum {string} */
            code: "DUPLICATE_BASE_URL";
            message: string;
            targetIds: string[];
        };
        TelemetryComparison: {
            sources: components["schemas"]["SourceComparison"][];
        };
        TelemetryFigureDelta: {
            base: number | null;
            /** @enum {string} */
            better: "lower" | "higher";
            /** @enum {string|null} */
            change: "improvement" | "regression" | "unchanged" | null;
            delta: number | null;
            deltaPct: number | null;
            /** @enum {string} */
            figure: "peakCpuShare" | "peakCpuCores" | "cpuSecondsPer1kRequests" | "peakMemoryBytes" | "restarts" | "backlogGrowthPerSecond";
            head: number | null;
            reason: string;
            /** @enum {string} */
            unit: "share" | "cores" | "cpu_seconds_per_1k_requests" | "bytes" | "count" | "jobs_per_second";
        };
        TelemetryFinding: {
            atSeconds: number | null;
            /** @enum {string} */
            code: "TARGET_SATURATED" | "TARGET_RESTARTED" | "BACKLOG_GROWING" | "RESOURCE_LEAK" | "GENERATOR_FIRST" | "TELEMETRY_READ_FAILED";
            evidence: {
                [key: string]: number | string;
            };
            message: string;
            phase?: string;
            /** @enum {string} */
            severity: "info" | "warning" | "critical";
            source: string;
        };
        TelemetryReport: {
            bottleneck: components["schemas"]["BottleneckRow"][];
            /** @default [] */
            figures: components["schemas"]["SourceFigures"][];
            findings: components["schemas"]["TelemetryFinding"][];
            movedWithLatency: components["schemas"]["MovedWithLatency"][];
            /** @enum {number} */
            v: 1;
        };
        TenantView: {
            id: string;
            name: string;
            slug: string;
        };
        ThinkTime: {
            max: components["schemas"]["Duration"];
            min: components["schemas"]["Duration"];
        };
        Threshold: {
            compliance?: components["schemas"]["Compliance"];
            fromScript?: components["schemas"]["ThresholdFromScript"];
            /** @enum {string} */
            metric: "latency";
            /** @enum {string} */
            op: "<" | "<=" | ">" | ">=";
            /** @enum {string} */
            relativeTo?: "baseline";
            request?: string;
            scenario?: string;
            /** @enum {string} */
            stat: "avg" | "min" | "p50" | "p90" | "p95" | "p99" | "max";
            stop?: components["schemas"]["StopRule"];
            value: number;
            window?: components["schemas"]["ThresholdWindow"];
        } | {
            compliance?: components["schemas"]["Compliance"];
            fromScript?: components["schemas"]["ThresholdFromScript"];
            /** @enum {string} */
            metric: "error_rate";
            /** @enum {string} */
            op: "<" | "<=" | ">" | ">=";
            /** @enum {string} */
            relativeTo?: "baseline";
            request?: string;
            scenario?: string;
            stop?: components["schemas"]["StopRule"];
            value: number;
            window?: components["schemas"]["ThresholdWindow"];
        } | {
            compliance?: components["schemas"]["Compliance"];
            fromScript?: components["schemas"]["ThresholdFromScript"];
            /** @enum {string} */
            metric: "rps";
            /** @enum {string} */
            op: "<" | "<=" | ">" | ">=";
            /** @enum {string} */
            relativeTo?: "baseline";
            request?: string;
            scenario?: string;
            stop?: components["schemas"]["StopRule"];
            value: number;
            window?: components["schemas"]["ThresholdWindow"];
        } | {
            compliance?: components["schemas"]["Compliance"];
            fromScript?: components["schemas"]["ThresholdFromScript"];
            /** @enum {string} */
            metric: "check_rate";
            /** @enum {string} */
            op: "<" | "<=" | ">" | ">=";
            /** @enum {string} */
            relativeTo?: "baseline";
            request?: string;
            scenario?: string;
            stop?: components["schemas"]["StopRule"];
            value: number;
            window?: components["schemas"]["ThresholdWindow"];
        } | {
            compliance?: components["schemas"]["Compliance"];
            fromScript?: components["schemas"]["ThresholdFromScript"];
            /** @enum {string} */
            metric: "status_share";
            /** @enum {string} */
            op: "<" | "<=" | ">" | ">=";
            /** @enum {string} */
            relativeTo?: "baseline";
            request?: string;
            scenario?: string;
            status: components["schemas"]["StatusClass"];
            stop?: components["schemas"]["StopRule"];
            value: number;
            window?: components["schemas"]["ThresholdWindow"];
        } | {
            compliance?: components["schemas"]["Compliance"];
            fromScript?: components["schemas"]["ThresholdFromScript"];
            /** @enum {string} */
            metric: "count";
            /** @enum {string} */
            op: "<" | "<=" | ">" | ">=";
            /** @enum {string} */
            relativeTo?: "baseline";
            request?: string;
            scenario?: string;
            stop?: components["schemas"]["StopRule"];
            value: number;
            window?: components["schemas"]["ThresholdWindow"];
        } | {
            compliance?: components["schemas"]["Compliance"];
            fromScript?: components["schemas"]["ThresholdFromScript"];
            /** @enum {string} */
            metric: "custom";
            name: string;
            /** @enum {string} */
            op: "<" | "<=" | ">" | ">=";
            /** @enum {string} */
            relativeTo?: "baseline";
            request?: string;
            scenario?: string;
            stat: components["schemas"]["CustomStat"];
            stop?: components["schemas"]["StopRule"];
            value: number;
            window?: components["schemas"]["ThresholdWindow"];
        } | {
            compliance?: components["schemas"]["Compliance"];
            /** @enum {string} */
            figure: "cpu" | "cpu_cores" | "memory_bytes" | "memory_share" | "pool_share" | "queue_depth" | "open_fds" | "load1" | "http_p95_seconds" | "backlog_growth" | "restarts" | "cpu_per_1k_requests";
            fromScript?: components["schemas"]["ThresholdFromScript"];
            /** @enum {string} */
            metric: "telemetry";
            /** @enum {string} */
            op: "<" | "<=" | ">" | ">=";
            /** @enum {string} */
            relativeTo?: "baseline";
            request?: string;
            scenario?: string;
            source?: components["schemas"]["SourceName"];
            /** @enum {string} */
            stat?: "avg" | "min" | "p50" | "p90" | "p95" | "p99" | "max";
            stop?: components["schemas"]["StopRule"];
            value: number;
            window?: components["schemas"]["ThresholdWindow"];
        };
        ThresholdFromScript: {
            expression: string;
            metric: string;
        };
        ThresholdFromScriptInput: {
            expression: string;
            metric: string;
        };
        ThresholdInput: {
            compliance?: components["schemas"]["Compliance"];
            fromScript?: components["schemas"]["ThresholdFromScriptInput"];
            /** @enum {string} */
            metric: "latency";
            /** @enum {string} */
            op: "<" | "<=" | ">" | ">=";
            /** @enum {string} */
            relativeTo?: "baseline";
            request?: string;
            scenario?: string;
            /** @enum {string} */
            stat: "avg" | "min" | "p50" | "p90" | "p95" | "p99" | "max";
            stop?: components["schemas"]["StopRule"];
            value: number;
            window?: components["schemas"]["ThresholdWindowInput"];
        } | {
            compliance?: components["schemas"]["Compliance"];
            fromScript?: components["schemas"]["ThresholdFromScriptInput"];
            /** @enum {string} */
            metric: "error_rate";
            /** @enum {string} */
            op: "<" | "<=" | ">" | ">=";
            /** @enum {string} */
            relativeTo?: "baseline";
            request?: string;
            scenario?: string;
            stop?: components["schemas"]["StopRule"];
            value: number;
            window?: components["schemas"]["ThresholdWindowInput"];
        } | {
            compliance?: components["schemas"]["Compliance"];
            fromScript?: components["schemas"]["ThresholdFromScriptInput"];
            /** @enum {string} */
            metric: "rps";
            /** @enum {string} */
            op: "<" | "<=" | ">" | ">=";
            /** @enum {string} */
            relativeTo?: "baseline";
            request?: string;
            scenario?: string;
            stop?: components["schemas"]["StopRule"];
            value: number;
            window?: components["schemas"]["ThresholdWindowInput"];
        } | {
            compliance?: components["schemas"]["Compliance"];
            fromScript?: components["schemas"]["ThresholdFromScriptInput"];
            /** @enum {string} */
            metric: "check_rate";
            /** @enum {string} */
            op: "<" | "<=" | ">" | ">=";
            /** @enum {string} */
            relativeTo?: "baseline";
            request?: string;
            scenario?: string;
            stop?: components["schemas"]["StopRule"];
            value: number;
            window?: components["schemas"]["ThresholdWindowInput"];
        } | {
            compliance?: components["schemas"]["Compliance"];
            fromScript?: components["schemas"]["ThresholdFromScriptInput"];
            /** @enum {string} */
            metric: "status_share";
            /** @enum {string} */
            op: "<" | "<=" | ">" | ">=";
            /** @enum {string} */
            relativeTo?: "baseline";
            request?: string;
            scenario?: string;
            status: components["schemas"]["StatusClass"];
            stop?: components["schemas"]["StopRule"];
            value: number;
            window?: components["schemas"]["ThresholdWindowInput"];
        } | {
            compliance?: components["schemas"]["Compliance"];
            fromScript?: components["schemas"]["ThresholdFromScriptInput"];
            /** @enum {string} */
            metric: "count";
            /** @enum {string} */
            op: "<" | "<=" | ">" | ">=";
            /** @enum {string} */
            relativeTo?: "baseline";
            request?: string;
            scenario?: string;
            stop?: components["schemas"]["StopRule"];
            value: number;
            window?: components["schemas"]["ThresholdWindowInput"];
        } | {
            compliance?: components["schemas"]["Compliance"];
            fromScript?: components["schemas"]["ThresholdFromScriptInput"];
            /** @enum {string} */
            metric: "custom";
            name: string;
            /** @enum {string} */
            op: "<" | "<=" | ">" | ">=";
            /** @enum {string} */
            relativeTo?: "baseline";
            request?: string;
            scenario?: string;
            stat: components["schemas"]["CustomStat"];
            stop?: components["schemas"]["StopRule"];
            value: number;
            window?: components["schemas"]["ThresholdWindowInput"];
        } | {
            compliance?: components["schemas"]["Compliance"];
            /** @enum {string} */
            figure: "cpu" | "cpu_cores" | "memory_bytes" | "memory_share" | "pool_share" | "queue_depth" | "open_fds" | "load1" | "http_p95_seconds" | "backlog_growth" | "restarts" | "cpu_per_1k_requests";
            fromScript?: components["schemas"]["ThresholdFromScriptInput"];
            /** @enum {string} */
            metric: "telemetry";
            /** @enum {string} */
            op: "<" | "<=" | ">" | ">=";
            /** @enum {string} */
            relativeTo?: "baseline";
            request?: string;
            scenario?: string;
            source?: components["schemas"]["SourceName"];
            /** @enum {string} */
            stat?: "avg" | "min" | "p50" | "p90" | "p95" | "p99" | "max";
            stop?: components["schemas"]["StopRule"];
            value: number;
            window?: components["schemas"]["ThresholdWindowInput"];
        };
        ThresholdResult: {
            explanation: string;
            interval?: {
                high: number;
                low: number;
            };
            measured: number | null;
            relative?: components["schemas"]["RelativeJudgement"];
            threshold: components["schemas"]["Threshold"];
            /** @enum {string} */
            verdict: "PASS" | "FAIL" | "INCONCLUSIVE";
        };
        ThresholdWindow: {
            after?: components["schemas"]["Duration"];
            until?: components["schemas"]["Duration"];
        };
        ThresholdWindowInput: {
            after?: components["schemas"]["Duration"];
            until?: components["schemas"]["Duration"];
        } | unknown | unknown;
        TimezoneInput: string;
        TrendChange: {
            after: number;
            before: number;
            previousRunId: string;
            pValue: number;
            regression: boolean;
            request?: string;
            runId: string;
            /** @enum {string} */
            stat: "p50" | "p95" | "p99" | "errorRate" | "rps";
            step: number | null;
        };
        TrendFigures: {
            count: number;
            errorRate: number;
            p50: number | null;
            p95: number | null;
            p99: number | null;
            rps: number;
        };
        TrendPoint: {
            createdAt: string;
            /** @default false */
            doubtful: boolean;
            /** @default {} */
            labels: components["schemas"]["RunLabels"];
            overall: components["schemas"]["TrendFigures"];
            planVersion: number;
            requests: {
                [key: string]: components["schemas"]["TrendFigures"];
            };
            runId: string;
            /** @enum {string} */
            status: "QUEUED" | "STARTING" | "RUNNING" | "FINISHING" | "PASSED" | "FAILED" | "INCONCLUSIVE" | "ERRORED" | "CANCELLED";
            /** @default [] */
            telemetry: components["schemas"]["SourceFigures"][];
            /** @enum {string|null} */
            verdict: "PASS" | "FAIL" | "INCONCLUSIVE" | null;
            verdictChanged: boolean;
        };
        TrendQueryInput: {
            /** Format: date-time */
            from?: string;
            label?: components["schemas"]["LabelFilterInput"];
            /** @default 100 */
            limit?: number;
            targetId?: components["schemas"]["RunTargetIdInput"];
            /** Format: date-time */
            to?: string;
        };
        TrendSeries: {
            /** @default [] */
            changePoints: {
                after: number;
                before: number;
                previousRunId: string;
                pValue: number;
                runId: string;
                step: number | null;
            }[];
            planName: string;
            points: {
                createdAt: string;
                /** @default false */
                doubtful: boolean;
                planVersion: number;
                runId: string;
                value: number | null;
                /** @enum {string|null} */
                verdict: "PASS" | "FAIL" | "INCONCLUSIVE" | null;
            }[];
            request: string | null;
            /** @default null */
            source: string | null;
            /** @enum {string} */
            stat: "p50" | "p95" | "p99" | "rps" | "error_rate" | "count" | "peak_cpu_share" | "peak_cpu_cores" | "cpu_seconds_per_1k_requests" | "peak_memory_bytes" | "restarts" | "backlog_growth_per_second";
            targetId: string;
            thresholds: components["schemas"]["Threshold"][];
            /** @enum {string} */
            unit: "ms" | "req/s" | "fraction" | "requests" | "cores" | "cpu_seconds_per_1k_requests" | "bytes" | "count" | "jobs/s";
        };
        TrendSeriesQueryInput: {
            /** Format: date-time */
            from?: string;
            label?: components["schemas"]["LabelFilterInput"];
            /** @default 100 */
            limit?: number;
            request?: string;
            source?: components["schemas"]["SourceName"];
            /**
             * @default p95
             * @enum {string}
             */
            stat?: "p50" | "p95" | "p99" | "rps" | "error_rate" | "count" | "peak_cpu_share" | "peak_cpu_cores" | "cpu_seconds_per_1k_requests" | "peak_memory_bytes" | "restarts" | "backlog_growth_per_second";
            targetId?: components["schemas"]["RunTargetIdInput"];
            /** Format: date-time */
            to?: string;
        };
        TriggerView: {
            createdAt: string;
            createdBy: string | null;
            id: string;
            /** @default {} */
            labels: components["schemas"]["RunLabels"];
            lastUsedAt: string | null;
            name: string;
            planId: string;
            revokedAt: string | null;
            /** @default null */
            targetId: string | null;
        };
        UpdatePlanInput: {
            data?: components["schemas"]["DataUseInput"][];
            grpc?: components["schemas"]["GrpcSettingsInput"] | null;
            load?: components["schemas"]["LoadProfileInput"];
            name?: components["schemas"]["PlanNameInput"];
            requests?: components["schemas"]["PlanStep"][];
            scenarios?: components["schemas"]["ScenarioInput"][];
            script?: components["schemas"]["CustomScriptInput"] | null;
            segments?: number;
            targetId?: string;
            thresholds?: components["schemas"]["ThresholdInput"][];
        };
        UpdateQuotasInput: {
            maxConcurrentRuns?: number;
            maxRunDurationSeconds?: number;
            maxVusPerRun?: number;
            monthlyVuMinutes?: number;
        };
        UpdateSchedule: {
            cron?: components["schemas"]["CronInput"];
            enabled?: boolean;
            labels?: components["schemas"]["RunLabels"];
            /** @enum {string} */
            missedPolicy?: "SKIP" | "RUN_ONCE";
            /** @enum {string} */
            overlapPolicy?: "SKIP" | "RUN";
            targetId?: components["schemas"]["RunTargetIdInput"] | null;
            timezone?: components["schemas"]["TimezoneInput"];
        };
        UpdateTargetInput: {
            baseUrl?: components["schemas"]["BaseUrl"];
            headers?: {
                [key: string]: string | null;
            };
            name?: string;
            variables?: {
                [key: string]: string | null;
            };
        };
        UpdateWebhookInput: {
            description?: string;
            enabled?: boolean;
            events?: ("run.started" | "run.finished" | "run.failed" | "run.errored" | "run.inconclusive" | "schedule.skipped" | "plan.regression")[];
            url?: components["schemas"]["WebhookUrl"];
        };
        UsageView: {
            limits: components["schemas"]["Quotas"];
            period: {
                end: string;
                start: string;
            };
            usage: {
                concurrentRuns: number;
                vuMinutes: number;
            };
        };
        UserView: {
            email: string;
            id: string;
            name: string;
        };
        VerifyTarget: {
            /** @enum {string} */
            method?: "http" | "dns";
        };
        WebhookDeliveryView: {
            attempts: number;
            createdAt: string;
            deliveredAt: string | null;
            durationMs: number | null;
            eventId: string;
            eventType: string;
            id: string;
            lastError: string | null;
            payload: unknown;
            responseCode: number | null;
            /** @enum {string} */
            status: "PENDING" | "DELIVERED" | "FAILED";
        };
        /** Format: uri */
        WebhookUrl: string;
        WebhookView: {
            createdAt: string;
            description: string;
            enabled: boolean;
            events: string[];
            id: string;
            previousSecretValidUntil: string | null;
            url: string;
        };
        WebhookWithSecret: {
            secret: string;
            webhook: components["schemas"]["WebhookView"];
        };
        WsStep: {
            /** @default true */
            awaitReply: boolean;
            /** @default [] */
            checks: {
                /** @enum {string} */
                type: "replyContains";
                value: string;
            }[];
            /** @default {} */
            headers: {
                [key: string]: string;
            };
            /** @default 0s */
            holdFor: components["schemas"]["Duration"];
            /** @default [] */
            messages: string[];
            name: components["schemas"]["RequestName"];
            /** Format: starts_with */
            path: string;
            /** @enum {string} */
            protocol: "ws";
            /** @default {} */
            query: {
                [key: string]: string;
            };
            /** @default 5s */
            replyTimeout: components["schemas"]["Duration"];
            thinkTime?: components["schemas"]["ThinkTime"];
            /** @default 1 */
            weight: number;
        };
        WsStepInput: {
            /** @default true */
            awaitReply?: boolean;
            /** @default [] */
            checks?: {
                /** @enum {string} */
                type: "replyContains";
                value: string;
            }[];
            /** @default {} */
            headers?: {
                [key: string]: string;
            };
            /** @default 0s */
            holdFor?: components["schemas"]["Duration"];
            /** @default [] */
            messages?: string[];
            name: components["schemas"]["RequestName"];
            /** Format: starts_with */
            path: string;
            /** @enum {string} */
            protocol: "ws";
            /** @default {} */
            query?: {
                [key: string]: string;
            };
            /** @default 5s */
            replyTimeout?: components["schemas"]["Duration"];
            thinkTime?: components["schemas"]["ThinkTime"];
            /** @default 1 */
            weight?: number;
        };
    };
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type ApiKeyView = components['schemas']['ApiKeyView'];
export type AuditEventView = components['schemas']['AuditEventView'];
export type AuditPage = components['schemas']['AuditPage'];
export type AuditQueryInput = components['schemas']['AuditQueryInput'];
export type BaselineQuery = components['schemas']['BaselineQuery'];
export type BaseUrl = components['schemas']['BaseUrl'];
export type BottleneckRow = components['schemas']['BottleneckRow'];
export type Capacity = components['schemas']['Capacity'];
export type CapacityPhase = components['schemas']['CapacityPhase'];
export type Capture = components['schemas']['Capture'];
export type CaptureInput = components['schemas']['CaptureInput'];
export type ChangePasswordInput = components['schemas']['ChangePasswordInput'];
export type ChangeRole = components['schemas']['ChangeRole'];
export type Check = components['schemas']['Check'];
export type CheckInput = components['schemas']['CheckInput'];
export type CompareQueryInput = components['schemas']['CompareQueryInput'];
export type ComparisonCharts = components['schemas']['ComparisonCharts'];
export type ComparisonPoint = components['schemas']['ComparisonPoint'];
export type Compliance = components['schemas']['Compliance'];
export type CreateApiKeyInput = components['schemas']['CreateApiKeyInput'];
export type CreatedApiKey = components['schemas']['CreatedApiKey'];
export type CreatedInvite = components['schemas']['CreatedInvite'];
export type CreatedShare = components['schemas']['CreatedShare'];
export type CreatedTarget = components['schemas']['CreatedTarget'];
export type CreatedTrigger = components['schemas']['CreatedTrigger'];
export type CreateInviteInput = components['schemas']['CreateInviteInput'];
export type CreateMetricSourceInput = components['schemas']['CreateMetricSourceInput'];
export type CreateOrganizationInput = components['schemas']['CreateOrganizationInput'];
export type CreatePlanInput = components['schemas']['CreatePlanInput'];
export type CreateScheduleInput = components['schemas']['CreateScheduleInput'];
export type CreateShareInput = components['schemas']['CreateShareInput'];
export type CreateTargetInput = components['schemas']['CreateTargetInput'];
export type CreateTrendShareInput = components['schemas']['CreateTrendShareInput'];
export type CreateTriggerInput = components['schemas']['CreateTriggerInput'];
export type CreateWebhookInput = components['schemas']['CreateWebhookInput'];
export type CronInput = components['schemas']['CronInput'];
export type CustomMetricSummary = components['schemas']['CustomMetricSummary'];
export type CustomScript = components['schemas']['CustomScript'];
export type CustomScriptInput = components['schemas']['CustomScriptInput'];
export type CustomStat = components['schemas']['CustomStat'];
export type Dashboard = components['schemas']['Dashboard'];
export type DataColumn = components['schemas']['DataColumn'];
export type DataColumnName = components['schemas']['DataColumnName'];
export type DataSetName = components['schemas']['DataSetName'];
export type DataSetPreview = components['schemas']['DataSetPreview'];
export type DataSetUploadQueryInput = components['schemas']['DataSetUploadQueryInput'];
export type DataSetVersionQueryInput = components['schemas']['DataSetVersionQueryInput'];
export type DataSetVersions = components['schemas']['DataSetVersions'];
export type DataSetVersionView = components['schemas']['DataSetVersionView'];
export type DataSetView = components['schemas']['DataSetView'];
export type DataUse = components['schemas']['DataUse'];
export type DataUseInput = components['schemas']['DataUseInput'];
export type DeleteOrganizationInput = components['schemas']['DeleteOrganizationInput'];
export type Diagnostic = components['schemas']['Diagnostic'];
export type Duration = components['schemas']['Duration'];
export type EmailInput = components['schemas']['EmailInput'];
export type ErrorBody = components['schemas']['ErrorBody'];
export type ErrorDetail = components['schemas']['ErrorDetail'];
export type ExportQueryInput = components['schemas']['ExportQueryInput'];
export type FireTriggerInput = components['schemas']['FireTriggerInput'];
export type GrpcSettings = components['schemas']['GrpcSettings'];
export type GrpcSettingsInput = components['schemas']['GrpcSettingsInput'];
export type GrpcStep = components['schemas']['GrpcStep'];
export type GrpcStepInput = components['schemas']['GrpcStepInput'];
export type Health = components['schemas']['Health'];
export type Histogram = components['schemas']['Histogram'];
export type HttpStep = components['schemas']['HttpStep'];
export type HttpStepInput = components['schemas']['HttpStepInput'];
export type ImportedPlan = components['schemas']['ImportedPlan'];
export type ImportPlanInput = components['schemas']['ImportPlanInput'];
export type InvitationPreview = components['schemas']['InvitationPreview'];
export type InviteView = components['schemas']['InviteView'];
export type IssuedPasswordReset = components['schemas']['IssuedPasswordReset'];
export type JsonPath = components['schemas']['JsonPath'];
export type K6Thresholds = components['schemas']['K6Thresholds'];
export type K6ThresholdsInput = components['schemas']['K6ThresholdsInput'];
export type LabelFilterInput = components['schemas']['LabelFilterInput'];
export type LatencyStats = components['schemas']['LatencyStats'];
export type Liveness = components['schemas']['Liveness'];
export type LoadProfile = components['schemas']['LoadProfile'];
export type LoadProfileInput = components['schemas']['LoadProfileInput'];
export type LoginInput = components['schemas']['LoginInput'];
export type MembershipView = components['schemas']['MembershipView'];
export type MemberView = components['schemas']['MemberView'];
export type MetricDelta = components['schemas']['MetricDelta'];
export type MetricSourceView = components['schemas']['MetricSourceView'];
export type MeView = components['schemas']['MeView'];
export type MovedWithLatency = components['schemas']['MovedWithLatency'];
export type OrganizationView = components['schemas']['OrganizationView'];
export type PasswordInput = components['schemas']['PasswordInput'];
export type PasswordResetPreview = components['schemas']['PasswordResetPreview'];
export type PasswordResetView = components['schemas']['PasswordResetView'];
export type PlanBaseline = components['schemas']['PlanBaseline'];
export type PlanChange = components['schemas']['PlanChange'];
export type PlanDiff = components['schemas']['PlanDiff'];
export type PlanDiffQuery = components['schemas']['PlanDiffQuery'];
export type PlanListQueryInput = components['schemas']['PlanListQueryInput'];
export type PlanNameInput = components['schemas']['PlanNameInput'];
export type PlanScript = components['schemas']['PlanScript'];
export type PlanSpec = components['schemas']['PlanSpec'];
export type PlanStep = components['schemas']['PlanStep'];
export type PlanTrend = components['schemas']['PlanTrend'];
export type PlanVersionNumber = components['schemas']['PlanVersionNumber'];
export type PlanVersionQuery = components['schemas']['PlanVersionQuery'];
export type PlanVersionSummary = components['schemas']['PlanVersionSummary'];
export type PlanView = components['schemas']['PlanView'];
export type PromqlQuery = components['schemas']['PromqlQuery'];
export type PromqlQueryInput = components['schemas']['PromqlQueryInput'];
export type PublicRun = components['schemas']['PublicRun'];
export type PublicShare = components['schemas']['PublicShare'];
export type PublicTrend = components['schemas']['PublicTrend'];
export type Quotas = components['schemas']['Quotas'];
export type Readiness = components['schemas']['Readiness'];
export type Recovery = components['schemas']['Recovery'];
export type RelativeJudgement = components['schemas']['RelativeJudgement'];
export type RequestBody = components['schemas']['RequestBody'];
export type RequestBodyInput = components['schemas']['RequestBodyInput'];
export type RequestName = components['schemas']['RequestName'];
export type ResetPassword = components['schemas']['ResetPassword'];
export type ResponseBytesStats = components['schemas']['ResponseBytesStats'];
export type Role = components['schemas']['Role'];
export type Run = components['schemas']['Run'];
export type RunBaseline = components['schemas']['RunBaseline'];
export type RunComparison = components['schemas']['RunComparison'];
export type RunDataUse = components['schemas']['RunDataUse'];
export type RunLabels = components['schemas']['RunLabels'];
export type RunLabelValue = components['schemas']['RunLabelValue'];
export type RunLabelValueInput = components['schemas']['RunLabelValueInput'];
export type RunListFigures = components['schemas']['RunListFigures'];
export type RunListItem = components['schemas']['RunListItem'];
export type RunListQueryInput = components['schemas']['RunListQueryInput'];
export type RunManifestView = components['schemas']['RunManifestView'];
export type RunnersView = components['schemas']['RunnersView'];
export type RunPhase = components['schemas']['RunPhase'];
export type RunQueueView = components['schemas']['RunQueueView'];
export type RunSeries = components['schemas']['RunSeries'];
export type RunSummary = components['schemas']['RunSummary'];
export type RunTargetIdInput = components['schemas']['RunTargetIdInput'];
export type RunTelemetry = components['schemas']['RunTelemetry'];
export type RunTelemetrySource = components['schemas']['RunTelemetrySource'];
export type Scenario = components['schemas']['Scenario'];
export type ScenarioInput = components['schemas']['ScenarioInput'];
export type ScenarioName = components['schemas']['ScenarioName'];
export type ScheduleSlotView = components['schemas']['ScheduleSlotView'];
export type ScheduleView = components['schemas']['ScheduleView'];
export type ScriptCheck = components['schemas']['ScriptCheck'];
export type ScriptInspectPayloadInput = components['schemas']['ScriptInspectPayloadInput'];
export type SegmentDataUsage = components['schemas']['SegmentDataUsage'];
export type SegmentHealth = components['schemas']['SegmentHealth'];
export type SegmentView = components['schemas']['SegmentView'];
export type SeriesPoint = components['schemas']['SeriesPoint'];
export type SeriesSelector = components['schemas']['SeriesSelector'];
export type SessionListItem = components['schemas']['SessionListItem'];
export type SessionView = components['schemas']['SessionView'];
export type SetBaselineInput = components['schemas']['SetBaselineInput'];
export type ShareView = components['schemas']['ShareView'];
export type SignupInput = components['schemas']['SignupInput'];
export type SourceAuthInput = components['schemas']['SourceAuthInput'];
export type SourceComparison = components['schemas']['SourceComparison'];
export type SourceFigures = components['schemas']['SourceFigures'];
export type SourceName = components['schemas']['SourceName'];
export type StartRun = components['schemas']['StartRun'];
export type StatusClass = components['schemas']['StatusClass'];
export type StopRule = components['schemas']['StopRule'];
export type SwitchOrganizationInput = components['schemas']['SwitchOrganizationInput'];
export type TargetVerification = components['schemas']['TargetVerification'];
export type TargetView = components['schemas']['TargetView'];
export type TargetWarning = components['schemas']['TargetWarning'];
export type TelemetryComparison = components['schemas']['TelemetryComparison'];
export type TelemetryFigureDelta = components['schemas']['TelemetryFigureDelta'];
export type TelemetryFinding = components['schemas']['TelemetryFinding'];
export type TelemetryReport = components['schemas']['TelemetryReport'];
export type TenantView = components['schemas']['TenantView'];
export type ThinkTime = components['schemas']['ThinkTime'];
export type Threshold = components['schemas']['Threshold'];
export type ThresholdFromScript = components['schemas']['ThresholdFromScript'];
export type ThresholdFromScriptInput = components['schemas']['ThresholdFromScriptInput'];
export type ThresholdInput = components['schemas']['ThresholdInput'];
export type ThresholdResult = components['schemas']['ThresholdResult'];
export type ThresholdWindow = components['schemas']['ThresholdWindow'];
export type ThresholdWindowInput = components['schemas']['ThresholdWindowInput'];
export type TimezoneInput = components['schemas']['TimezoneInput'];
export type TrendChange = components['schemas']['TrendChange'];
export type TrendFigures = components['schemas']['TrendFigures'];
export type TrendPoint = components['schemas']['TrendPoint'];
export type TrendQueryInput = components['schemas']['TrendQueryInput'];
export type TrendSeries = components['schemas']['TrendSeries'];
export type TrendSeriesQueryInput = components['schemas']['TrendSeriesQueryInput'];
export type TriggerView = components['schemas']['TriggerView'];
export type UpdatePlanInput = components['schemas']['UpdatePlanInput'];
export type UpdateQuotasInput = components['schemas']['UpdateQuotasInput'];
export type UpdateSchedule = components['schemas']['UpdateSchedule'];
export type UpdateTargetInput = components['schemas']['UpdateTargetInput'];
export type UpdateWebhookInput = components['schemas']['UpdateWebhookInput'];
export type UsageView = components['schemas']['UsageView'];
export type UserView = components['schemas']['UserView'];
export type VerifyTarget = components['schemas']['VerifyTarget'];
export type WebhookDeliveryView = components['schemas']['WebhookDeliveryView'];
export type WebhookUrl = components['schemas']['WebhookUrl'];
export type WebhookView = components['schemas']['WebhookView'];
export type WebhookWithSecret = components['schemas']['WebhookWithSecret'];
export type WsStep = components['schemas']['WsStep'];
export type WsStepInput = components['schemas']['WsStepInput'];
export type $defs = Record<string, never>;
export interface operations {
    ApiKeys_list: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        items: components["schemas"]["ApiKeyView"][];
                    };
                };
            };
            /** @description No valid session or API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The caller's role does not allow this */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    ApiKeys_create: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateApiKeyInput"];
            };
        };
        responses: {
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CreatedApiKey"];
                };
            };
            /** @description Invalid input: details name each field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No valid session or API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The caller's role does not allow this */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    ApiKeys_revoke: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiKeyView"];
                };
            };
            /** @description No valid session or API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The caller's role does not allow this */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not found (another organization's ids are not found either) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    Audit_list: {
        parameters: {
            query?: {
                action?: "auth.login" | "auth.login_failed" | "auth.logout" | "auth.locked_out" | "auth.login_slowed" | "auth.password_changed" | "auth.password_reset" | "organization.created" | "organization.updated" | "organization.quotas_changed" | "member.invited" | "member.invite_revoked" | "member.joined" | "member.role_changed" | "member.power_reduced" | "member.removed" | "member.password_reset_issued" | "authority.backfilled" | "api_key.created" | "api_key.revoked" | "target.verified" | "metric_source.created" | "metric_source.updated" | "metric_source.deleted" | "run.started" | "run.cancelled";
                before?: string;
                limit?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuditPage"];
                };
            };
            /** @description Invalid input: details name each field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No valid session or API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The caller's role does not allow this */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    Auth_login: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["LoginInput"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SessionView"];
                };
            };
            /** @description Invalid input: details name each field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No valid session or API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests: see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    Auth_logout: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    Passwords_change: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ChangePasswordInput"];
            };
        };
        responses: {
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Invalid input: details name each field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No valid session or API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The caller's role does not allow this */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests: see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    Auth_sessions: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        items: components["schemas"]["SessionListItem"][];
                    };
                };
            };
            /** @description No valid session or API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    Auth_revokeSession: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description No valid session or API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not found (another organization's ids are not found either) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    Auth_signup: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SignupInput"];
            };
        };
        responses: {
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SessionView"];
                };
            };
            /** @description Invalid input: details name each field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not found (another organization's ids are not found either) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Conflicts with the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Expired */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    Auth_switch: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SwitchOrganizationInput"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MeView"];
                };
            };
            /** @description Invalid input: details name each field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No valid session or API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not found (another organization's ids are not found either) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    Reports_compare: {
        parameters: {
            query: {
                base: string;
                head: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RunComparison"];
                };
            };
            /** @description Invalid input: details name each field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No valid session or API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not found (another organization's ids are not found either) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    Reports_dashboard: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Dashboard"];
                };
            };
            /** @description No valid session or API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    DataSets_list: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        items: components["schemas"]["DataSetView"][];
                    };
                };
            };
            /** @description No valid session or API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    DataSets_get: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                name: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DataSetView"];
                };
            };
            /** @description Invalid input: details name each field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No valid session or API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not found (another organization's ids are not found either) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    DataSets_upload: {
        parameters: {
            query?: {
                secret?: string;
            };
            header?: never;
            path: {
                name: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": string;
                "text/csv": string;
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DataSetView"];
                };
            };
            /** @description Invalid input: details name each field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No valid session or API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The caller's role does not allow this */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Error */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Refused by a rule: quota, address policy, verification */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    DataSets_remove: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                name: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Invalid input: details name each field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No valid session or API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The caller's role does not allow this */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not found (another organization's ids are not found either) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Conflicts with the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    DataSets_preview: {
        parameters: {
            query?: {
                version?: number;
            };
            header?: never;
            path: {
                name: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DataSetPreview"];
                };
            };
            /** @description Invalid input: details name each field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No valid session or API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not found (another organization's ids are not found either) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    DataSets_versions: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                name: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DataSetVersions"];
                };
            };
            /** @description Invalid input: details name each field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No valid session or API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not found (another organization's ids are not found either) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    Health_health: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Health"];
                };
            };
            /** @description A dependency (runner, database, Redis) is unavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    Health_live: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Liveness"];
                };
            };
        };
    };
    Health_ready: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Readiness"];
                };
            };
            /** @description A dependency (runner, database, Redis) is unavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    Members_preview: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                token: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InvitationPreview"];
                };
            };
            /** @description Not found (another organization's ids are not found either) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Conflicts with the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Expired */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    Members_accept: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                token: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MembershipView"];
                };
            };
            /** @description No valid session or API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not found (another organization's ids are not found either) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Conflicts with the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Expired */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    Members_invites: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        items: components["schemas"]["InviteView"][];
                    };
                };
            };
            /** @description No valid session or API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The caller's role does not allow this */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    Members_invite: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateInviteInput"];
            };
        };
        responses: {
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CreatedInvite"];
                };
            };
            /** @description Invalid input: details name each field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No valid session or API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The caller's role does not allow this */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    Members_revokeInvite: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description No valid session or API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The caller's role does not allow this */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not found (another organization's ids are not found either) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    Auth_me: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MeView"];
                };
            };
            /** @description No valid session or API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    Members_list: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        items: components["schemas"]["MemberView"][];
                    };
                };
            };
            /** @description No valid session or API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    Members_addMember: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateInviteInput"];
            };
        };
        responses: {
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CreatedInvite"];
                };
            };
            /** @description Invalid input: details name each field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No valid session or API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The caller's role does not allow this */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    Members_remove: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                userId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description No valid session or API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The caller's role does not allow this */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not found (another organization's ids are not found either) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Conflicts with the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    Members_changeRole: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                userId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ChangeRole"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MemberView"];
                };
            };
            /** @description Invalid input: details name each field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No valid session or API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The caller's role does not allow this */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not found (another organization's ids are not found either) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Conflicts with the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    Passwords_issue: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                userId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["IssuedPasswordReset"];
                };
            };
            /** @description No valid session or API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The caller's role does not allow this */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not found (another organization's ids are not found either) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Conflicts with the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    Organizations_current: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OrganizationView"];
                };
            };
            /** @description No valid session or API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    Auth_deleteOrganization: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["DeleteOrganizationInput"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MeView"];
                };
            };
            /** @description Invalid input: details name each field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No valid session or API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The caller's role does not allow this */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Conflicts with the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    Organizations_rename: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateOrganizationInput"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OrganizationView"];
                };
            };
            /** @description Invalid input: details name each field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No valid session or API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The caller's role does not allow this */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    Auth_leave: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MeView"];
                };
            };
            /** @description No valid session or API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Conflicts with the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    Organizations_updateQuotas: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UpdateQuotasInput"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OrganizationView"];
                };
            };
            /** @description Invalid input: details name each field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No valid session or API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The caller's role does not allow this */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    Organizations_create: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateOrganizationInput"];
            };
        };
        responses: {
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MembershipView"];
                };
            };
            /** @description Invalid input: details name each field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No valid session or API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    Passwords_preview: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                token: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PasswordResetPreview"];
                };
            };
            /** @description Not found (another organization's ids are not found either) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Expired */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    Passwords_redeem: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                token: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ResetPassword"];
            };
        };
        responses: {
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Invalid input: details name each field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not found (another organization's ids are not found either) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Expired */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    Plans_list: {
        parameters: {
            query?: {
                q?: string;
                targetId?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        items: components["schemas"]["PlanView"][];
                    };
                };
            };
            /** @description Invalid input: details name each field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No valid session or API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    Plans_create: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreatePlanInput"];
            };
        };
        responses: {
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PlanView"];
                };
            };
            /** @description Invalid input: details name each field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No valid session or API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Refused by a rule: quota, address policy, verification */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests: see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description A dependency (runner, database, Redis) is unavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    Plans_get: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PlanView"];
                };
            };
            /** @description No valid session or API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not found (another organization's ids are not found either) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    Plans_remove: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description No valid session or API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not found (another organization's ids are not found either) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    Plans_update: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UpdatePlanInput"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PlanView"];
                };
            };
            /** @description Invalid input: details name each field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No valid session or API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not found (another organization's ids are not found either) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Refused by a rule: quota, address policy, verification */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests: see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description A dependency (runner, database, Redis) is unavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    Baselines_ofPlan: {
        parameters: {
            query?: {
                targetId?: components["schemas"]["RunTargetIdInput"];
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PlanBaseline"];
                };
            };
            /** @description Invalid input: details name each field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No valid session or API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not found (another organization's ids are not found either) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    Baselines_pin: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SetBaselineInput"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PlanBaseline"];
                };
            };
            /** @description Invalid input: details name each field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No valid session or API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The caller's role does not allow this */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not found (another organization's ids are not found either) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Refused by a rule: quota, address policy, verification */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    Baselines_unpin: {
        parameters: {
            query?: {
                targetId?: components["schemas"]["RunTargetIdInput"];
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PlanBaseline"];
                };
            };
            /** @description Invalid input: details name each field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No valid session or API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The caller's role does not allow this */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not found (another organization's ids are not found either) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    Plans_diff: {
        parameters: {
            query: {
                from: components["schemas"]["PlanVersionNumber"];
                to?: components["schemas"]["PlanVersionNumber"];
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PlanDiff"];
                };
            };
            /** @description Invalid input: details name each field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No valid session or API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not found (another organization's ids are not found either) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    Runs_start: {
        parameters: {
            query?: never;
            header?: {
                /** @description Retries with the same key answer the run the first call started */
                "Idempotency-Key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["StartRun"];
            };
        };
        responses: {
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        run: components["schemas"]["Run"];
                    };
                };
            };
            /** @description Invalid input: details name each field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No valid session or API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not found (another organization's ids are not found either) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Conflicts with the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Refused by a rule: quota, address policy, verification */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description A dependency (runner, database, Redis) is unavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    Schedules_list: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        items: components["schemas"]["ScheduleView"][];
                    };
                };
            };
            /** @description No valid session or API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not found (another organization's ids are not found either) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    Schedules_create: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateScheduleInput"];
            };
        };
        responses: {
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ScheduleView"];
                };
            };
            /** @description Invalid input: details name each field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No valid session or API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The caller's role does not allow this */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not found (another organization's ids are not found either) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Refused by a rule: quota, address policy, verification */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    Plans_script: {
        parameters: {
            query?: {
                version?: components["schemas"]["PlanVersionNumber"];
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PlanScript"];
                };
            };
            /** @description Invalid input: details name each field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No valid session or API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not found (another organization's ids are not found either) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    Shares_sharePlan: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateTrendShareInput"];
            };
        };
        responses: {
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CreatedShare"];
                };
            };
            /** @description Invalid input: details name each field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No valid session or API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The caller's role does not allow this */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not found (another organization's ids are not found either) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    Shares_sharePlanAtFormerPath: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateShareInput"];
            };
        };
        responses: {
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CreatedShare"];
                };
            };
            /** @description Invalid input: details name each field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No valid session or API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The caller's role does not allow this */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not found (another organization's ids are not found either) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    Reports_trendSeries: {
        parameters: {
            query?: {
                from?: string;
                label?: components["schemas"]["LabelFilterInput"];
                limit?: number;
                request?: string;
                source?: components["schemas"]["SourceName"];
                stat?: "p50" | "p95" | "p99" | "rps" | "error_rate" | "count" | "peak_cpu_share" | "peak_cpu_cores" | "cpu_seconds_per_1k_requests" | "peak_memory_bytes" | "restarts" | "backlog_growth_per_second";
                targetId?: components["schemas"]["RunTargetIdInput"];
                to?: string;
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TrendSeries"];
                };
            };
            /** @description Invalid input: details name each field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No valid session or API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not found (another organization's ids are not found either) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    Reports_trend: {
        parameters: {
            query?: {
                from?: string;
                label?: components["schemas"]["LabelFilterInput"];
                limit?: number;
                targetId?: components["schemas"]["RunTargetIdInput"];
                to?: string;
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PlanTrend"];
                };
            };
            /** @description Invalid input: details name each field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No valid session or API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not found (another organization's ids are not found either) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    Triggers_list: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        items: components["schemas"]["TriggerView"][];
                    };
                };
            };
            /** @description No valid session or API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not found (another organization's ids are not found either) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    Triggers_create: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateTriggerInput"];
            };
        };
        responses: {
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CreatedTrigger"];
                };
            };
            /** @description Invalid input: details name each field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No valid session or API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The caller's role does not allow this */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not found (another organization's ids are not found either) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    Plans_versions: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        items: components["schemas"]["PlanVersionSummary"][];
                    };
                };
            };
            /** @description No valid session or API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not found (another organization's ids are not found either) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    Plans_version: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
                version: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PlanView"];
                };
            };
            /** @description Invalid input: details name each field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No valid session or API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not found (another organization's ids are not found either) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    Plans_checkScript: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ScriptInspectPayloadInput"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ScriptCheck"];
                };
            };
            /** @description Invalid input: details name each field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No valid session or API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The caller's role does not allow this */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests: see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description A dependency (runner, database, Redis) is unavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    Imports_draft: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ImportPlanInput"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ImportedPlan"];
                };
            };
            /** @description Invalid input: details name each field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No valid session or API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The caller's role does not allow this */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    Shares_open: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                token: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PublicShare"];
                };
            };
            /** @description Not found (another organization's ids are not found either) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    Shares_openAtFormerPath: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                token: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PublicShare"];
                };
            };
            /** @description Not found (another organization's ids are not found either) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    Runners_get: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RunnersView"];
                };
            };
            /** @description No valid session or API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    Runs_list: {
        parameters: {
            query?: {
                before?: string;
                from?: string;
                label?: components["schemas"]["LabelFilterInput"];
                limit?: number;
                planId?: string;
                status?: "QUEUED" | "STARTING" | "RUNNING" | "FINISHING" | "PASSED" | "FAILED" | "INCONCLUSIVE" | "ERRORED" | "CANCELLED";
                targetId?: string;
                to?: string;
                verdict?: "PASS" | "FAIL" | "INCONCLUSIVE";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        items: components["schemas"]["RunListItem"][];
                        next: string | null;
                    };
                };
            };
            /** @description Invalid input: details name each field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No valid session or API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not found (another organization's ids are not found either) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    Runs_get: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Run"];
                };
            };
            /** @description No valid session or API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not found (another organization's ids are not found either) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    Baselines_ofRun: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RunBaseline"];
                };
            };
            /** @description No valid session or API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not found (another organization's ids are not found either) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    Runs_cancel: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Run"];
                };
            };
            /** @description No valid session or API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not found (another organization's ids are not found either) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Conflicts with the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    Reports_compareWith: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
                otherId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RunComparison"];
                };
            };
            /** @description No valid session or API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not found (another organization's ids are not found either) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    Runs_events: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/event-stream": string;
                };
            };
            /** @description No valid session or API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not found (another organization's ids are not found either) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    Reports_export: {
        parameters: {
            query?: {
                format?: "json" | "csv" | "junit";
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @default null */
                        baseline: {
                            /** @enum {string} */
                            rule: "pinned" | "last-passed";
                            runId: string;
                        } | null;
                        cancelRequestedAt: string | null;
                        capacity: components["schemas"]["Capacity"] | null;
                        createdAt: string;
                        diagnostics: components["schemas"]["Diagnostic"][];
                        error: {
                            code: string;
                            message: string;
                        } | null;
                        finishedAt: string | null;
                        id: string;
                        /** @default {} */
                        labels: components["schemas"]["RunLabels"];
                        /** @default null */
                        manifest: components["schemas"]["RunManifestView"] | null;
                        partial: boolean;
                        planId: string;
                        planName: string;
                        plannedSeconds: number;
                        planVersion: number;
                        /** @default null */
                        queue: components["schemas"]["RunQueueView"] | null;
                        /** @default null */
                        recovery: components["schemas"]["Recovery"] | null;
                        /** @default [] */
                        segmentDetails: components["schemas"]["SegmentView"][];
                        segments: number;
                        startedAt: string | null;
                        /** @default null */
                        startSpreadMs: number | null;
                        /** @enum {string} */
                        status: "QUEUED" | "STARTING" | "RUNNING" | "FINISHING" | "PASSED" | "FAILED" | "INCONCLUSIVE" | "ERRORED" | "CANCELLED";
                        summary: components["schemas"]["RunSummary"] | null;
                        targetId: string;
                        telemetry?: components["schemas"]["TelemetryReport"] | null;
                        telemetrySeries: components["schemas"]["RunTelemetry"] | null;
                        thresholds: components["schemas"]["ThresholdResult"][];
                        /** @enum {string} */
                        trigger: "MANUAL" | "API" | "SCHEDULE" | "WEBHOOK";
                        /** @enum {string|null} */
                        verdict: "PASS" | "FAIL" | "INCONCLUSIVE" | null;
                    };
                    "application/xml": string;
                    "text/csv": string;
                };
            };
            /** @description Invalid input: details name each field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No valid session or API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not found (another organization's ids are not found either) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    Runs_series: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RunSeries"];
                };
            };
            /** @description No valid session or API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not found (another organization's ids are not found either) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    Shares_shareRun: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateShareInput"];
            };
        };
        responses: {
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CreatedShare"];
                };
            };
            /** @description Invalid input: details name each field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No valid session or API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The caller's role does not allow this */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not found (another organization's ids are not found either) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    Shares_shareRunAtFormerPath: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateShareInput"];
            };
        };
        responses: {
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CreatedShare"];
                };
            };
            /** @description Invalid input: details name each field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No valid session or API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The caller's role does not allow this */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not found (another organization's ids are not found either) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    RunTelemetry_get: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RunTelemetry"];
                };
            };
            /** @description No valid session or API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not found (another organization's ids are not found either) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    Schedules_delete: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description No valid session or API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The caller's role does not allow this */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not found (another organization's ids are not found either) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    Schedules_update: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UpdateSchedule"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ScheduleView"];
                };
            };
            /** @description Invalid input: details name each field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No valid session or API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The caller's role does not allow this */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not found (another organization's ids are not found either) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Refused by a rule: quota, address policy, verification */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    Schedules_slots: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        items: components["schemas"]["ScheduleSlotView"][];
                    };
                };
            };
            /** @description No valid session or API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not found (another organization's ids are not found either) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    Shares_list: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        items: components["schemas"]["ShareView"][];
                    };
                };
            };
            /** @description No valid session or API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    Shares_revoke: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description No valid session or API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The caller's role does not allow this */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not found (another organization's ids are not found either) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    Shares_listAtFormerPath: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        items: components["schemas"]["ShareView"][];
                    };
                };
            };
            /** @description No valid session or API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    Shares_revokeAtFormerPath: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description No valid session or API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The caller's role does not allow this */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not found (another organization's ids are not found either) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    Targets_list: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        items: components["schemas"]["TargetView"][];
                    };
                };
            };
            /** @description No valid session or API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    Targets_create: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateTargetInput"];
            };
        };
        responses: {
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CreatedTarget"];
                };
            };
            /** @description Invalid input: details name each field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No valid session or API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    Targets_get: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TargetView"];
                };
            };
            /** @description No valid session or API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not found (another organization's ids are not found either) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    Targets_remove: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description No valid session or API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not found (another organization's ids are not found either) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    Targets_update: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UpdateTargetInput"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TargetView"];
                };
            };
            /** @description Invalid input: details name each field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No valid session or API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not found (another organization's ids are not found either) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Conflicts with the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    MetricSources_list: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        items: components["schemas"]["MetricSourceView"][];
                    };
                };
            };
            /** @description No valid session or API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not found (another organization's ids are not found either) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    MetricSources_create: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateMetricSourceInput"];
            };
        };
        responses: {
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MetricSourceView"];
                };
            };
            /** @description Invalid input: details name each field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No valid session or API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The caller's role does not allow this */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not found (another organization's ids are not found either) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Conflicts with the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Refused by a rule: quota, address policy, verification */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    MetricSources_remove: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
                sourceId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description No valid session or API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The caller's role does not allow this */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not found (another organization's ids are not found either) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    MetricSources_update: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
                sourceId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    auth?: components["schemas"]["SourceAuthInput"] | null;
                    cpuCores?: number | null;
                    name?: components["schemas"]["SourceName"];
                    presets?: ("process" | "node" | "container" | "postgres" | "redis" | "queue" | "http")[];
                    queries?: components["schemas"]["PromqlQueryInput"][];
                    selectors?: components["schemas"]["SeriesSelector"][];
                    stepSeconds?: number;
                    url?: string;
                };
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MetricSourceView"];
                };
            };
            /** @description Invalid input: details name each field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No valid session or API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The caller's role does not allow this */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not found (another organization's ids are not found either) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Conflicts with the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Refused by a rule: quota, address policy, verification */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    Targets_verify: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["VerifyTarget"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TargetView"];
                };
            };
            /** @description Invalid input: details name each field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No valid session or API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The caller's role does not allow this */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not found (another organization's ids are not found either) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Refused by a rule: quota, address policy, verification */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    Triggers_revoke: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description No valid session or API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The caller's role does not allow this */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not found (another organization's ids are not found either) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    Triggers_fire: {
        parameters: {
            query?: never;
            header?: {
                "Idempotency-Key"?: string;
            };
            path: {
                token: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["FireTriggerInput"];
            };
        };
        responses: {
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        run: components["schemas"]["Run"];
                    };
                };
            };
            /** @description Invalid input: details name each field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not found (another organization's ids are not found either) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Refused by a rule: quota, address policy, verification */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests: see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    Organizations_usage: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UsageView"];
                };
            };
            /** @description No valid session or API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    Webhooks_list: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        items: components["schemas"]["WebhookView"][];
                    };
                };
            };
            /** @description No valid session or API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The caller's role does not allow this */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    Webhooks_create: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateWebhookInput"];
            };
        };
        responses: {
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookWithSecret"];
                };
            };
            /** @description Invalid input: details name each field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No valid session or API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The caller's role does not allow this */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Refused by a rule: quota, address policy, verification */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    Webhooks_delete: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description No valid session or API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The caller's role does not allow this */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not found (another organization's ids are not found either) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    Webhooks_update: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UpdateWebhookInput"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookView"];
                };
            };
            /** @description Invalid input: details name each field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No valid session or API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The caller's role does not allow this */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not found (another organization's ids are not found either) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Refused by a rule: quota, address policy, verification */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    Webhooks_deliveries: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        items: components["schemas"]["WebhookDeliveryView"][];
                    };
                };
            };
            /** @description No valid session or API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The caller's role does not allow this */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not found (another organization's ids are not found either) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    Webhooks_rotate: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookWithSecret"];
                };
            };
            /** @description No valid session or API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The caller's role does not allow this */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not found (another organization's ids are not found either) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    Webhooks_test: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookDeliveryView"];
                };
            };
            /** @description No valid session or API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The caller's role does not allow this */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not found (another organization's ids are not found either) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    Webhooks_redeliver: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookDeliveryView"];
                };
            };
            /** @description No valid session or API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The caller's role does not allow this */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not found (another organization's ids are not found either) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
}
