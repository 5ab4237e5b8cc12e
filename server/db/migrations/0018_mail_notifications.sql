CREATE TABLE "mail_digests" (
	"user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"period" date NOT NULL,
	"sent_at" timestamp with time zone NOT NULL,
	"seen" jsonb,
	CONSTRAINT "mail_digests_user_id_kind_period_pk" PRIMARY KEY("user_id","kind","period")
);
--> statement-breakpoint
CREATE TABLE "mail_opt_outs" (
	"user_id" integer NOT NULL,
	"kind" text NOT NULL,
	CONSTRAINT "mail_opt_outs_user_id_kind_pk" PRIMARY KEY("user_id","kind")
);
--> statement-breakpoint
ALTER TABLE "mail_digests" ADD CONSTRAINT "mail_digests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_opt_outs" ADD CONSTRAINT "mail_opt_outs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;