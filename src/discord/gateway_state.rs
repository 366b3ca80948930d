//! Tells the services whether each gateway shard is connected (they decide readiness from it,
//! see `games::Health`): connected once the shard is ready, not while it reconnects.

use poise::serenity_prelude as serenity;
use serenity::async_trait;
use serenity::gateway::ConnectionStage;

use crate::games::Gateway;

/// Hears each shard's connection stage and reports it to [`Gateway`].
pub struct GatewayEvents(pub Gateway);

#[async_trait]
impl serenity::EventHandler for GatewayEvents {
    async fn ready(&self, ctx: serenity::Context, _ready: serenity::Ready) {
        self.0.shard(ctx.shard_id.0, true);
    }

    async fn shard_stage_update(
        &self,
        _ctx: serenity::Context,
        event: serenity::ShardStageUpdateEvent,
    ) {
        self.0
            .shard(event.shard_id.0, event.new == ConnectionStage::Connected);
    }
}
