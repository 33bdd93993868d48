# write_if_changed(PATH CONTENT), for the generator scripts run with cmake -P:
# write only when the content changed, so a rebuild does not recompile for
# nothing, and through a temporary file, so a build never sees half a file.
function(write_if_changed path content)
  if(EXISTS "${path}")
    file(READ "${path}" old)
    if(old STREQUAL content)
      return()
    endif()
  endif()
  file(WRITE "${path}.tmp" "${content}")
  file(RENAME "${path}.tmp" "${path}")
endfunction()
