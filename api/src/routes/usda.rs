//! `/foods/usda/*`: USDA FoodData Central live: search, one food's nutrients (fetched by
//! a `FetchUsdaFood` job and kept as a local food; 202 when it takes longer than about
//! 2 s), and saving a USDA food to log it.
//! When USDA cannot be reached, search answers from the USDA foods we already hold.

use axum::{
    extract::State,
    http::StatusCode,
    response::{IntoResponse, Response},
};
use jobs::payloads::{FetchUsdaFood, UsdaNutrition};
use models::{CustomFoodInput, FoodSource, UserId};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::error::Success;
use crate::{
    AppState,
    auth::{AuthUser, ClientIp, MaybeAuthUser},
    error::{ApiError, ApiJson, ApiResult},
    extract::{Body, Path, Query},
    food_index::{reindex, search_query},
    food_lookup::saved_usda_food,
    job_answers::answer,
    params::positive_at_most,
    views::{Accepted, FoodView},
};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(search))
        .routes(routes!(nutrition))
        .routes(routes!(create))
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
struct SearchParams {
    /// What to look for
    query: Option<String>,
    /// 1 to 50, default 20
    page_size: Option<i64>,
}

#[derive(Serialize, ToSchema)]
struct UsdaResults {
    foods: Vec<FoodView>,
    usda_available: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    message: Option<String>,
}

#[utoipa::path(
    get,
    path = "/foods/usda/search",
    tag = "foods",
    operation_id = "usda_search",
    summary = "Search USDA FoodData Central live (answers cached an hour): {foods, usda_available, message?}; foods kept here carry their id. When USDA cannot be reached (or rate limits us) it answers from the USDA foods kept here with usda_available false.",
    params(SearchParams),
    security((), ("bearer" = [])),
    responses(
        (status = 200, description = "Foods", body = Success<UsdaResults>),
        (status = 400, description = "EMPTY_QUERY"),
    ),
)]
#[tracing::instrument(skip_all, fields(user_id = user.as_ref().map(|u| u.id.get())))]
async fn search(
    State(state): State<AppState>,
    MaybeAuthUser(user): MaybeAuthUser,
    ClientIp(ip): ClientIp,
    Query(params): Query<SearchParams>,
) -> ApiResult<UsdaResults> {
    let text = params.query.unwrap_or_default();
    let query = search_query(&text)?;
    let page_size = positive_at_most("page_size", params.page_size, 20, 50)?;
    let viewer = user.as_ref().map(|u| u.id);
    let spender = platform::outside::spender(viewer.map(UserId::get), ip);
    match state
        .usda
        .search(&text, page_size as usize, Some(&spender))
        .await
    {
        Ok(found) => {
            // A food we keep already answers with its id (and the viewer's star, looked
            // up once for the page), so it can be logged as is.
            let mut stored = Vec::with_capacity(found.len());
            for hit in &found {
                stored.push(
                    state
                        .stores
                        .foods
                        .find_by_source_key(FoodSource::Usda, &format!("fdc:{}", hit.fdc_id))
                        .await?,
                );
            }
            let kept: Vec<models::Food> = stored.iter().flatten().cloned().collect();
            let mut kept_views = FoodView::with_stars(&state, &kept, viewer)
                .await?
                .into_iter();
            let foods = found
                .iter()
                .zip(&stored)
                .map(|(hit, stored)| match stored {
                    Some(_) => kept_views.next().expect("one view per kept food"),
                    None => FoodView::unsaved(&hit.to_food()),
                })
                .collect();
            Ok(ApiJson(UsdaResults {
                foods,
                usda_available: true,
                message: None,
            }))
        }
        Err(e) => {
            tracing::warn!(error = %e, "USDA search failed; answering from local USDA foods");
            let hits = state
                .foods
                .index()
                .search(&query, viewer.map(UserId::get), &[], 100);
            let ids: Vec<i64> = hits.iter().map(|h| h.id).collect();
            let mut local = state.stores.foods.get_many(&ids).await?;
            local.retain(|f| f.source() == FoodSource::Usda);
            local.sort_by_key(|f| ids.iter().position(|id| *id == f.id));
            local.truncate(page_size as usize);
            Ok(ApiJson(UsdaResults {
                foods: FoodView::with_stars(&state, &local, viewer).await?,
                usda_available: false,
                message: Some(format!("{e}; showing the USDA foods kept here")),
            }))
        }
    }
}

fn fdc_id(id: i64) -> Result<i64, ApiError> {
    if id <= 0 {
        return Err(ApiError::bad_request("fdc_id must be a positive number"));
    }
    Ok(id)
}

#[utoipa::path(
    get,
    path = "/foods/usda/nutrition/{fdc_id}",
    tag = "foods",
    operation_id = "usda_nutrition",
    summary = "One USDA food's nutrients per 100 g (a FetchUsdaFood job; kept as a local food): {food_id, fdc_id, food_description, brand_owner, nutrients}.",
    params(("fdc_id" = i64, Path, description = "FoodData Central id")),
    security((), ("bearer" = [])),
    responses(
        (status = 200, description = "Nutrients", body = Success<UsdaNutrition>),
        (status = 202, description = "Being fetched: follow events, then GET result", body = Success<Accepted>),
        (status = 404, description = "USDA_FOOD_NOT_FOUND"),
        (status = 429, description = "RATE_LIMITED: the caller's share of this service's USDA calls (the account's, or the address's when not signed in), or all of them, is spent for now; Retry-After says when to try again"),
        (status = 503, description = "USDA_UNAVAILABLE: USDA FoodData Central failed or is rate limiting this service"),
    ),
)]
#[tracing::instrument(skip_all)]
async fn nutrition(
    State(state): State<AppState>,
    MaybeAuthUser(user): MaybeAuthUser,
    ClientIp(ip): ClientIp,
    Path(id): Path<i64>,
) -> Result<Response, ApiError> {
    let job = FetchUsdaFood {
        fdc_id: fdc_id(id)?,
        spender: Some(platform::outside::spender(
            user.as_ref().map(|u| u.id.get()),
            ip,
        )),
    };
    answer(&state, job, user.map(|u| u.id)).await
}

#[derive(Deserialize, ToSchema)]
struct CreateBody {
    fdc_id: Option<i64>,
    /// Saves a custom copy under this name instead (the test page's payload).
    custom_name: Option<String>,
}

#[utoipa::path(
    post,
    path = "/foods/usda/create",
    tag = "foods",
    operation_id = "usda_create",
    summary = "Save a USDA food to log it, from {fdc_id, custom_name?}: the shared read-only food (the same one for every caller), or with custom_name a custom copy.",
    request_body(content = inline(CreateBody), example = json!({"fdc_id": 171705})),
    security(("bearer" = [])),
    responses(
        (status = 201, description = "The food", body = Success<FoodView>),
        (status = 202, description = "Being fetched: follow events, then send the same call again", body = Success<Accepted>),
        (status = 401, description = "Not signed in"),
        (status = 404, description = "USDA_FOOD_NOT_FOUND"),
        (status = 503, description = "USDA_UNAVAILABLE"),
    ),
)]
#[tracing::instrument(skip_all, fields(user_id = user.id.get()))]
async fn create(
    State(state): State<AppState>,
    AuthUser(user): AuthUser,
    Body(body): Body<CreateBody>,
) -> Result<impl IntoResponse, ApiError> {
    let id = fdc_id(
        body.fdc_id
            .ok_or_else(|| ApiError::validation("fdc_id is required"))?,
    )?;
    let food = saved_usda_food(&state, id, Some(user.id)).await?;
    let food = match body
        .custom_name
        .map(|n| n.trim().to_owned())
        .filter(|n| !n.is_empty())
    {
        None => food,
        Some(name) => {
            let n = &food.food.nutrients;
            let copy = CustomFoodInput {
                name: Some(name),
                calories: Some(n.calories),
                protein: Some(n.protein),
                fat: Some(n.fat),
                carbs: Some(n.carbs),
                fiber: Some(n.fiber),
                sugar: Some(n.sugar.min(n.carbs)),
                sodium: Some(n.sodium),
                portions: Some(food.food.portions.clone()),
                copied_from: Some(food.id),
                micronutrients: Some(food.food.micronutrients),
                ..Default::default()
            }
            .parse(user.id)?;
            let custom = state.stores.foods.insert(&copy).await?;
            reindex(&state, &custom, false).await;
            custom
        }
    };
    state
        .stores
        .foods
        .record_uses(user.id, &[store::FoodUse::of(food.id)])
        .await?;
    Ok((
        StatusCode::CREATED,
        ApiJson(FoodView::new(&food, Some(user.id))),
    ))
}
