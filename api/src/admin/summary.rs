//! `/summary`: the job board's figures as one page a phone can read (the board's own UI
//! is a desktop page), in English or Chinese. The same figures as the board, from the
//! same job records: each count opens the list of exactly those jobs
//! (`/summary/tasks?queue=…&status=…`), and a worker that stopped sending heartbeats is
//! shown as gone, with the status saying so.

use apalis_core::task::status::Status;
use axum::{
    Router,
    extract::{Query, State},
    http::{HeaderMap, StatusCode, header},
    response::{Html, IntoResponse, Response},
    routing::get,
};
use jobs::Jobs;
use models::JobRecord;
use serde::Deserialize;

use super::board::{Board, fault, figures};

/// Jobs listed on one page of a list.
const PAGE: i64 = 50;
/// A worker gone for longer than this is no longer named (a restarted process leaves
/// its old registrations behind for good).
const GONE_SHOWN_FOR_SECS: i64 = 24 * 3600;

/// The statuses the board counts: the name the page's links use, the board's status, and
/// the title of its figure.
const STATUSES: [(&str, Status, &str); 5] = [
    ("pending", Status::Pending, "PENDING_JOBS"),
    ("running", Status::Running, "RUNNING_JOBS"),
    ("done", Status::Done, "DONE_JOBS"),
    ("failed", Status::Failed, "FAILED_JOBS"),
    ("cancelled", Status::Killed, "KILLED_JOBS"),
];

pub(super) fn router(jobs: &Jobs) -> Router {
    Router::new()
        .route("/summary", get(summary))
        .route("/summary/tasks", get(tasks))
        .with_state(Board::new(jobs))
}

#[derive(Clone, Copy, PartialEq)]
enum Lang {
    En,
    Zh,
}

/// What the page says, in each language.
struct Words {
    title: &'static str,
    healthy: &'static str,
    attention: &'static str,
    no_worker: &'static str,
    gone_workers: &'static str,
    workers: &'static str,
    live: &'static str,
    gone: &'static str,
    none: &'static str,
    heard: &'static str,
    ago: &'static str,
    statuses: [&'static str; 5],
    back: &'static str,
    more: &'static str,
    nothing_listed: &'static str,
    attempts: &'static str,
    lang_switch: (&'static str, &'static str),
}

const EN: Words = Words {
    title: "Jobs",
    healthy: "Healthy: every queue has a live worker",
    attention: "Needs attention",
    no_worker: "no live worker on",
    gone_workers: "workers stopped sending heartbeats",
    workers: "Workers",
    live: "Live",
    gone: "Gone",
    none: "none",
    heard: "last heard",
    ago: "ago",
    statuses: ["Waiting", "Running", "Done", "Failed", "Cancelled"],
    back: "All queues",
    more: "Older",
    nothing_listed: "No jobs here.",
    attempts: "attempts",
    lang_switch: ("zh", "中文"),
};

const ZH: Words = Words {
    title: "任务",
    healthy: "正常：每个队列都有在线的工作进程",
    attention: "需要处理",
    no_worker: "没有在线工作进程的队列：",
    gone_workers: "个工作进程已停止心跳",
    workers: "工作进程",
    live: "在线",
    gone: "已离线",
    none: "无",
    heard: "最后心跳",
    ago: "前",
    statuses: ["等待中", "运行中", "已完成", "失败", "已取消"],
    back: "全部队列",
    more: "更早的",
    nothing_listed: "这里没有任务。",
    attempts: "次尝试",
    lang_switch: ("en", "English"),
};

impl Lang {
    /// `?lang=` when given, else the browser's first choice.
    fn of(asked: Option<&str>, headers: &HeaderMap) -> Lang {
        let wanted = asked.map(str::to_owned).or_else(|| {
            headers
                .get(header::ACCEPT_LANGUAGE)
                .and_then(|v| v.to_str().ok())
                .map(str::to_owned)
        });
        match wanted {
            Some(w) if w.trim_start().to_ascii_lowercase().starts_with("zh") => Lang::Zh,
            _ => Lang::En,
        }
    }

    fn words(self) -> &'static Words {
        match self {
            Lang::En => &EN,
            Lang::Zh => &ZH,
        }
    }

    fn code(self) -> &'static str {
        match self {
            Lang::En => "en",
            Lang::Zh => "zh",
        }
    }
}

/// Text made safe inside HTML.
fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

/// "40 min" / "40 分钟", a span of seconds as a person says it.
fn span(secs: i64, lang: Lang) -> String {
    let secs = secs.max(0);
    let (n, en, zh) = match secs {
        s if s < 120 => (s, "s", "秒"),
        s if s < 7200 => (s / 60, "min", "分钟"),
        s => (s / 3600, "h", "小时"),
    };
    match lang {
        Lang::En => format!("{n} {en}"),
        Lang::Zh => format!("{n} {zh}"),
    }
}

/// A page: `here` is its address without the language, which the switch adds.
fn page(lang: Lang, here: &str, title: &str, body: &str) -> Response {
    let (other, other_name) = lang.words().lang_switch;
    let joiner = if here.contains('?') { "&amp;" } else { "?" };
    Html(format!(
        "<!doctype html><html lang=\"{code}\"><head><meta charset=\"utf-8\">\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\
         <title>{title}</title><style>\
         body{{font:16px/1.45 system-ui,sans-serif;margin:0;padding:12px;max-width:720px;color:#1a1a1a}}\
         h1{{font-size:1.4em;margin:.2em 0}}h2{{font-size:1.1em;margin:1em 0 .4em}}\
         .status{{padding:10px 12px;border-radius:8px;margin:8px 0}}\
         .ok{{background:#e6f4ea;color:#14532d}}.bad{{background:#fdecea;color:#7f1d1d}}\
         .card{{border:1px solid #ddd;border-radius:8px;padding:8px 10px;margin:8px 0}}\
         .name{{font-weight:600;overflow-wrap:anywhere}}\
         .counts{{display:grid;grid-template-columns:repeat(5,minmax(0,1fr));gap:4px;margin-top:6px}}\
         .counts a{{display:block;min-height:44px;box-sizing:border-box;padding:4px 2px;\
         border-radius:6px;background:#f3f4f6;color:inherit;text-decoration:none;\
         text-align:center;font-size:.75em;overflow-wrap:anywhere}}\
         .counts b{{display:block;font-size:1.5em}}.counts .failed.some b{{color:#b91c1c}}\
         li{{margin:6px 0;overflow-wrap:anywhere}}small{{color:#555}}\
         nav{{display:flex;justify-content:space-between;gap:8px}}\
         nav a{{display:inline-block;min-height:44px;line-height:44px}}\
         </style></head><body><nav><a href=\"/summary?lang={code}\">{back}</a>\
         <a href=\"{here}{joiner}lang={other}\" data-lang=\"{other}\">{other_name}</a></nav>{body}</body></html>",
        code = lang.code(),
        title = escape(title),
        back = lang.words().back,
    ))
    .into_response()
}

#[derive(Deserialize)]
struct SummaryParams {
    lang: Option<String>,
}

/// Every queue's figures, each a link to its list, and the workers, live and gone.
async fn summary(
    State(board): State<Board>,
    Query(params): Query<SummaryParams>,
    headers: HeaderMap,
) -> Result<Response, Response> {
    let lang = Lang::of(params.lang.as_deref(), &headers);
    let words = lang.words();
    let counts = board.counts().await.map_err(fault)?;
    let now = chrono::Utc::now().timestamp();
    let workers: Vec<_> = board
        .workers()
        .await
        .map_err(fault)?
        .into_iter()
        .filter(|(w, _)| now - i64::try_from(w.last_heartbeat).unwrap_or(0) < GONE_SHOWN_FOR_SECS)
        .collect();

    let unserved: Vec<&str> = jobs::QUEUES
        .iter()
        .copied()
        .filter(|q| {
            !workers
                .iter()
                .any(|(w, live)| *live && board.works_on(w, q))
        })
        .collect();
    let gone = workers.iter().filter(|(_, live)| !live).count();
    let mut body = format!("<h1>{}</h1>", words.title);
    if unserved.is_empty() && gone == 0 {
        body.push_str(&format!(
            "<p class=\"status ok\" data-status=\"healthy\">{}</p>",
            words.healthy
        ));
    } else {
        let mut reasons = Vec::new();
        if !unserved.is_empty() {
            reasons.push(format!(
                "{} {}",
                words.no_worker,
                escape(&unserved.join(", "))
            ));
        }
        if gone > 0 {
            reasons.push(format!("{gone} {}", words.gone_workers));
        }
        body.push_str(&format!(
            "<p class=\"status bad\" data-status=\"attention\"><b>{}</b>: {}</p>",
            words.attention,
            reasons.join("; ")
        ));
    }

    for queue in jobs::QUEUES {
        let stats = figures(counts.iter().filter(|(q, _, _)| q == queue));
        let value = |title: &str| {
            stats
                .iter()
                .find(|s| s.title == title)
                .map_or_else(|| "0".to_owned(), |s| s.value.clone())
        };
        let mut links = String::new();
        for ((name, _, title), label) in STATUSES.iter().zip(words.statuses) {
            let count = value(title);
            let some = if count == "0" { "" } else { " some" };
            links.push_str(&format!(
                "<a class=\"{name}{some}\" data-count=\"{name}\" href=\"/summary/tasks?queue={queue}&amp;status={name}&amp;lang={code}\"><b>{count}</b>{label}</a>",
                code = lang.code(),
            ));
        }
        body.push_str(&format!(
            "<div class=\"card\" data-queue=\"{queue}\"><div class=\"name\">{queue}</div><div class=\"counts\">{links}</div></div>"
        ));
    }

    body.push_str(&format!("<h2>{}</h2>", words.workers));
    for (heading, wanted_live, kind) in [(words.live, true, "live"), (words.gone, false, "gone")] {
        let listed: Vec<String> = workers
            .iter()
            .filter(|(_, live)| *live == wanted_live)
            .map(|(w, _)| {
                let heard = now - i64::try_from(w.last_heartbeat).unwrap_or(0);
                let when = match lang {
                    Lang::En => format!("{} {} {}", words.heard, span(heard, lang), words.ago),
                    Lang::Zh => format!("{}：{}{}", words.heard, span(heard, lang), words.ago),
                };
                format!(
                    "<li data-worker=\"{kind}\">{}<br><small>{when}</small></li>",
                    escape(&w.id)
                )
            })
            .collect();
        let list = if listed.is_empty() {
            format!("<p><small>{}</small></p>", words.none)
        } else {
            format!("<ul>{}</ul>", listed.concat())
        };
        body.push_str(&format!("<h3>{heading} ({})</h3>{list}", listed.len()));
    }
    Ok(page(lang, "/summary", words.title, &body))
}

#[derive(Deserialize)]
struct TasksParams {
    queue: String,
    status: String,
    page: Option<i64>,
    lang: Option<String>,
}

/// What a listed job says of itself: its error, else its latest message.
fn said(record: &JobRecord) -> String {
    record
        .error
        .as_ref()
        .map(|e| e.message.clone())
        .or_else(|| record.progress.as_ref().map(|p| p.message.clone()))
        .unwrap_or_default()
}

/// The jobs of one queue with one status, the most recent first, a page at a time.
async fn tasks(
    State(board): State<Board>,
    Query(params): Query<TasksParams>,
    headers: HeaderMap,
) -> Result<Response, Response> {
    let lang = Lang::of(params.lang.as_deref(), &headers);
    let words = lang.words();
    let refused = |what: &str| (StatusCode::NOT_FOUND, format!("no such {what}")).into_response();
    let queue = jobs::QUEUES
        .iter()
        .copied()
        .find(|q| *q == params.queue)
        .ok_or_else(|| refused("queue"))?;
    let at = STATUSES
        .iter()
        .position(|(name, _, _)| *name == params.status)
        .ok_or_else(|| refused("status"))?;
    let page_number = params.page.unwrap_or(1).clamp(1, 100_000);
    let records = board
        .listed(
            &[queue],
            &STATUSES[at].1,
            (page_number - 1) * PAGE,
            PAGE + 1,
        )
        .await
        .map_err(fault)?;
    let more = records.len() as i64 > PAGE;
    let title = format!("{} · {}", words.statuses[at], queue);
    let mut body = format!("<h1>{}</h1>", escape(&title));
    if records.is_empty() {
        body.push_str(&format!("<p>{}</p>", words.nothing_listed));
    } else {
        body.push_str("<ul>");
        for record in records.iter().take(PAGE as usize) {
            body.push_str(&format!(
                "<li data-job=\"{id}\"><b>{id}</b><br><small>{when} · {attempts} {attempts_word}</small><br>{said}</li>",
                id = record.id,
                when = record.updated_at.format("%Y-%m-%d %H:%M:%S UTC"),
                attempts = record.attempts,
                attempts_word = words.attempts,
                said = escape(&said(record)),
            ));
        }
        body.push_str("</ul>");
    }
    if more {
        body.push_str(&format!(
            "<nav><a href=\"/summary/tasks?queue={queue}&amp;status={status}&amp;page={next}&amp;lang={code}\">{more}</a></nav>",
            status = params.status,
            next = page_number + 1,
            code = lang.code(),
            more = words.more,
        ));
    }
    let here = format!(
        "/summary/tasks?queue={queue}&amp;status={}&amp;page={page_number}",
        STATUSES[at].0
    );
    Ok(page(lang, &here, &title, &body))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn markup_in_a_job_s_words_is_shown_as_text() {
        assert_eq!(
            escape("<script>alert('x')</script> & \"q\""),
            "&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt; &amp; &quot;q&quot;"
        );
    }

    #[test]
    fn the_language_is_asked_or_the_browser_s() {
        let mut headers = HeaderMap::new();
        assert!(Lang::of(None, &headers) == Lang::En);
        headers.insert(header::ACCEPT_LANGUAGE, "zh-CN,zh;q=0.9".parse().unwrap());
        assert!(Lang::of(None, &headers) == Lang::Zh);
        assert!(Lang::of(Some("en"), &headers) == Lang::En);
    }

    #[test]
    fn spans_read_as_people_say_them() {
        assert_eq!(span(5, Lang::En), "5 s");
        assert_eq!(span(40 * 60, Lang::En), "40 min");
        assert_eq!(span(40 * 60, Lang::Zh), "40 分钟");
        assert_eq!(span(5 * 3600, Lang::En), "5 h");
    }
}
