import { z } from "zod";
import { WEBHOOK_EVENT_TYPES, type WebhookEvent } from "./webhooks.js";

const GROUP_EVENTS = WEBHOOK_EVENT_TYPES.filter((e) => e.startsWith("group."));

const urlSchema = z
  .string({ error: "Enter the endpoint's URL" })
  .trim()
  .max(2000, "The URL must be at most 2,000 characters")
  .refine((v) => /^https?:\/\/[^\s/?#]+(?:[/?#]\S*)?$/i.test(v), "The URL must start with http:// or https://")
  .refine((v) => !/^https?:\/\/[^/?#]*@/i.test(v), "The URL must not contain a user name or password");

const eventsSchema = z
  .array(z.string(), { error: "Choose at least one event" })
  .min(1, "Choose at least one event")
  .max(50)
  .transform((list, ctx) => {
    const out = new Set<WebhookEvent>();
    for (const name of list) {
      if (name === "group.*") GROUP_EVENTS.forEach((e) => out.add(e));
      else if ((WEBHOOK_EVENT_TYPES as string[]).includes(name)) out.add(name as WebhookEvent);
      else {
        ctx.addIssue({ code: "custom", message: `Unknown event: ${name.slice(0, 60)}` });
        return z.NEVER;
      }
    }
    return WEBHOOK_EVENT_TYPES.filter((e) => out.has(e));
  });

export const createWebhookSchema = z.object({ url: urlSchema, events: eventsSchema });

export const updateWebhookSchema = z
  .object({ url: urlSchema.optional(), events: eventsSchema.optional(), enabled: z.boolean().optional() })
  .refine((v) => v.url !== undefined || v.events !== undefined || v.enabled !== undefined, "Nothing to change");
