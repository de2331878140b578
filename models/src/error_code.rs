//! Every error code the product sends, with the HTTP status it answers with.
//!
//! One enum for the API's own refusals and for the failures workers record on jobs, so a
//! code's status is written once, beside its name: renaming a code cannot change its
//! status. The wire name is what `{error: {code}}` carries and what the web app
//! translates; two variants may share a wire name where the same problem answers with a
//! different status in another place (a bad link in an email is a 400, a bad session
//! token a 401).

use std::fmt;

use serde::{Serialize, Serializer};

/// Stamps the enum and its table from one list of `Variant => "WIRE_NAME", status, "what it means"`.
macro_rules! error_codes {
    ($($variant:ident => $wire:literal, $status:literal, $meaning:literal;)*) => {
        /// A code of the error envelope.
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
        pub enum ErrorCode {
            $(#[doc = $meaning] $variant,)*
        }

        impl ErrorCode {
            /// Every code, in the order of the table.
            pub const ALL: &[ErrorCode] = &[$(ErrorCode::$variant,)*];

            /// The name sent in the envelope.
            pub const fn as_str(self) -> &'static str {
                match self {
                    $(ErrorCode::$variant => $wire,)*
                }
            }

            /// The HTTP status an answer with this code has.
            pub const fn status(self) -> u16 {
                match self {
                    $(ErrorCode::$variant => $status,)*
                }
            }

            /// What the code means, for the API document.
            pub const fn meaning(self) -> &'static str {
                match self {
                    $(ErrorCode::$variant => $meaning,)*
                }
            }
        }
    };
}

error_codes! {
    // The request itself
    BadRequest => "BAD_REQUEST", 400, "The request is malformed.";
    MalformedJson => "MALFORMED_JSON", 400, "The body is not valid JSON of the expected shape.";
    ValidationError => "VALIDATION_ERROR", 422, "A field is missing or out of range; the message names it.";
    PayloadTooLarge => "PAYLOAD_TOO_LARGE", 413, "The body is larger than this route accepts.";
    UnsupportedMediaType => "UNSUPPORTED_MEDIA_TYPE", 415, "The body is not sent as JSON.";
    MultipartRequired => "MULTIPART_REQUIRED", 415, "The route takes a multipart upload.";
    UriTooLong => "URI_TOO_LONG", 414, "The address is longer than 64 KB.";
    HeadersTooLarge => "HEADERS_TOO_LARGE", 431, "The request headers are too large.";
    NotFound => "NOT_FOUND", 404, "No such route or record.";
    MethodNotAllowed => "METHOD_NOT_ALLOWED", 405, "The route does not take this method.";
    InvalidTimeZone => "INVALID_TIME_ZONE", 422, "The time zone is not an IANA name.";
    InvalidIdempotencyKey => "INVALID_IDEMPOTENCY_KEY", 422, "The Idempotency-Key header is empty or too long.";
    IdempotencyKeyReused => "IDEMPOTENCY_KEY_REUSED", 422, "The Idempotency-Key was used for another request.";
    IdempotencyKeyInUse => "IDEMPOTENCY_KEY_IN_USE", 409, "A request with this Idempotency-Key is still running.";
    RequestTimeout => "REQUEST_TIMEOUT", 408, "The request did not arrive in time: its body paused too long or came too slowly.";
    RateLimited => "RATE_LIMITED", 429, "Too many requests; Retry-After says when to come back.";
    Conflict => "CONFLICT", 409, "The change conflicts with what is saved.";
    ReferenceGone => "REFERENCE_GONE", 409, "Something the request refers to was deleted meanwhile; nothing was saved.";
    // Accounts and sessions
    NotAuthenticated => "NOT_AUTHENTICATED", 401, "The route needs a signed-in user.";
    InvalidToken => "INVALID_TOKEN", 401, "The session token is malformed, signed by someone else or ended.";
    TokenExpired => "TOKEN_EXPIRED", 401, "The session token has expired; refresh it.";
    TokenReused => "TOKEN_REUSED", 401, "A refresh token was used twice; the session is ended.";
    LinkTokenInvalid => "INVALID_TOKEN", 400, "The link from the email is malformed or already used.";
    LinkTokenExpired => "TOKEN_EXPIRED", 400, "The link from the email has expired.";
    InvalidCredentials => "INVALID_CREDENTIALS", 401, "The username, email or password is wrong.";
    WrongPassword => "WRONG_PASSWORD", 401, "The password that confirms a change to the signed-in account is wrong.";
    EmailAlreadyVerified => "EMAIL_ALREADY_VERIFIED", 409, "The verification link was used already and the address is verified.";
    UsernameTaken => "USERNAME_TAKEN", 409, "Another account has this username.";
    EmailTaken => "EMAIL_TAKEN", 409, "Another account has this email.";
    MailRejected => "MAIL_REJECTED", 422, "The mail server refused the address.";
    Unauthorized => "UNAUTHORIZED", 401, "The admin token is missing or wrong.";
    AdminClosed => "ADMIN_CLOSED", 403, "The admin routes are closed (no admin token configured).";
    // Foods, search and recipes
    EmptyQuery => "EMPTY_QUERY", 400, "The search has no words.";
    QueryTooLong => "QUERY_TOO_LONG", 422, "The search is too long.";
    FoodNotFound => "FOOD_NOT_FOUND", 404, "No such food visible to this user.";
    FoodReadOnly => "FOOD_READ_ONLY", 403, "Catalogue foods cannot be changed; copy one instead.";
    RecipeFood => "RECIPE_FOOD", 409, "This food is a recipe; change it through the recipe.";
    RecipeNotFound => "RECIPE_NOT_FOUND", 404, "No such recipe of this user.";
    RecipeCycle => "RECIPE_CYCLE", 422, "A recipe cannot contain itself.";
    RecipeTooDeep => "RECIPE_TOO_DEEP", 422, "Recipes nest at most 8 levels.";
    RecipeTooLarge => "RECIPE_TOO_LARGE", 422, "A recipe holds at most 300 foods and recipes.";
    RecipeTooShared => "RECIPE_TOO_SHARED", 422, "At most 200 recipes may use one food.";
    UsdaFoodNotFound => "USDA_FOOD_NOT_FOUND", 404, "USDA FoodData Central has no such food.";
    UsdaUnavailable => "USDA_UNAVAILABLE", 503, "USDA FoodData Central cannot be reached now.";
    ImportNotFound => "IMPORT_NOT_FOUND", 404, "The import file is gone.";
    ImportUnreadable => "IMPORT_UNREADABLE", 422, "The import file cannot be read.";
    // Meals and body weight
    MealNotFound => "MEAL_NOT_FOUND", 404, "No such meal of this user.";
    MealFoodNotFound => "MEAL_FOOD_NOT_FOUND", 404, "No such food line in this user's meals.";
    NoMealsOnDay => "NO_MEALS_ON_DAY", 404, "The day to copy has no meals.";
    QuickAddHasNoQuantity => "QUICK_ADD_HAS_NO_QUANTITY", 422, "A quick add has no quantity to change.";
    LastMealFood => "LAST_MEAL_FOOD", 422, "A meal keeps at least one food; delete the meal instead.";
    WeightNotFound => "WEIGHT_NOT_FOUND", 404, "No such weight record of this user.";
    ExportInProgress => "EXPORT_IN_PROGRESS", 429, "This user's export is still running.";
    ExportBusy => "EXPORT_BUSY", 503, "Too many exports run now; Retry-After says when to come back.";
    // Photos, barcodes and labels
    ImageNotFound => "IMAGE_NOT_FOUND", 404, "No such image of this user.";
    InvalidImage => "INVALID_IMAGE", 422, "The file is damaged or not a whole image.";
    UnsupportedImage => "UNSUPPORTED_IMAGE", 415, "The file is not a JPEG, PNG or WebP image.";
    ImageFileTooLarge => "IMAGE_TOO_LARGE", 413, "The image file is over 10 MB.";
    ImageTooLarge => "IMAGE_TOO_LARGE", 422, "The image has too many pixels to process.";
    UploadQuotaExceeded => "UPLOAD_QUOTA_EXCEEDED", 413, "The account keeps as many photos as it may.";
    ImageProcessingFailed => "IMAGE_PROCESSING_FAILED", 422, "The image could not be processed.";
    RecognitionUnavailable => "RECOGNITION_UNAVAILABLE", 503, "The recognition models are not installed.";
    AnalysisNotStarted => "ANALYSIS_NOT_STARTED", 404, "The photo has not been analysed yet.";
    InvalidBarcode => "INVALID_BARCODE", 422, "The barcode is not a valid EAN, UPC or GTIN.";
    BarcodeNotFound => "BARCODE_NOT_FOUND", 404, "No product has this barcode.";
    NotAFoodBarcode => "NOT_A_FOOD_BARCODE", 422, "The barcode belongs to something that is not food.";
    ProductRejected => "PRODUCT_REJECTED", 422, "The product's data is not usable as a food.";
    BarcodeLookupUnavailable => "BARCODE_LOOKUP_UNAVAILABLE", 503, "Open Food Facts cannot be reached now.";
    LabelReadingUnavailable => "LABEL_READING_UNAVAILABLE", 503, "The label-reading models are not installed.";
    // Jobs and the service
    JobFailed => "JOB_FAILED", 503, "The work failed after its retries.";
    JobCrashed => "JOB_CRASHED", 503, "The worker running the job crashed.";
    EnqueueFailed => "ENQUEUE_FAILED", 503, "The work could not be queued.";
    Cancelled => "CANCELLED", 409, "The job was cancelled.";
    NotReady => "NOT_READY", 503, "A dependency of the service is unreachable.";
    DatabaseUnavailable => "DATABASE_UNAVAILABLE", 503, "The database is away for a moment; nothing was saved.";
    PhotoStoreUnavailable => "PHOTO_STORE_UNAVAILABLE", 503, "The photo store cannot be reached now; the photo was not kept.";
    InternalError => "INTERNAL_ERROR", 500, "Something went wrong on our side.";
}

impl ErrorCode {
    /// The code a wire name stands for (the first where two share it), for failures read
    /// back from storage.
    pub fn from_wire(name: &str) -> Option<ErrorCode> {
        ErrorCode::ALL
            .iter()
            .copied()
            .find(|code| code.as_str() == name)
    }
}

impl fmt::Display for ErrorCode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl Serialize for ErrorCode {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.as_str())
    }
}

/// In the API document: a string, one of the wire names, each with what it means.
impl utoipa::PartialSchema for ErrorCode {
    fn schema() -> utoipa::openapi::RefOr<utoipa::openapi::schema::Schema> {
        use utoipa::openapi::schema::{ObjectBuilder, Type};
        let mut names: Vec<&str> = Vec::new();
        let mut meanings = String::new();
        for code in ErrorCode::ALL {
            meanings.push_str(&format!(
                "\n- `{}` ({}): {}",
                code.as_str(),
                code.status(),
                code.meaning()
            ));
            if !names.contains(&code.as_str()) {
                names.push(code.as_str());
            }
        }
        ObjectBuilder::new()
            .schema_type(Type::String)
            .enum_values(Some(names))
            .description(Some(format!(
                "What went wrong, for programs; the status an answer with it has, in brackets:{meanings}"
            )))
            .into()
    }
}

impl utoipa::ToSchema for ErrorCode {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wire_names_are_screaming_snake_case_and_statuses_are_errors() {
        for code in ErrorCode::ALL {
            let name = code.as_str();
            assert!(
                name.chars().all(|c| c.is_ascii_uppercase() || c == '_'),
                "{name}"
            );
            assert!((400..600).contains(&code.status()), "{name}");
        }
    }

    #[test]
    fn a_shared_wire_name_reads_back_as_its_first_variant() {
        assert_eq!(
            ErrorCode::from_wire("INVALID_TOKEN"),
            Some(ErrorCode::InvalidToken)
        );
        assert_eq!(
            ErrorCode::from_wire("JOB_FAILED"),
            Some(ErrorCode::JobFailed)
        );
        assert_eq!(ErrorCode::from_wire("SOMETHING_ELSE"), None);
    }
}
